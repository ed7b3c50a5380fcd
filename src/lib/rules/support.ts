/** Spec part 3, 9 "Support": technical support 24/7; the other departments, and account managers, on weekdays. */
export const SUPPORT_HOURS = { technical: '24/7', office: 'Monday to Friday, 10:00 to 18:00 EEST' } as const;
