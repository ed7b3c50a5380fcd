/** Business constants the Terms of Service state (spec part 1, 9); the terms page reads them from here. */
export const TERMS = {
  paymentGraceDays: 7,
  latePenaltyUsd: 15,
  chargebackFeeUsd: 50,
  cancellationNoticeHours: 48,
  advancedSupportUsdPerHour: 100,
  advancedSupportMinimumHours: 1,
  backupRestoreFeeUsd: 10,
  freeRestoresPerMonth: 1,
  backupRetentionDays: 14,
  refundUnusedDays: 7,
  bulkEmailMaxMessages: 500,
  defaultTermYears: 1,
} as const;

/** Trusted device period after 'Trust this device for 60 days?' (spec part 1, 9). */
export const TRUSTED_DEVICE_DAYS = 60;
