/** The languages software can be installed in (spec part 2, 2.5), by their codes in the catalogue. */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: 'English',
  no: 'Norwegian',
  sv: 'Swedish',
  es: 'Spanish',
  de: 'German',
  pt: 'Portuguese',
  fr: 'French',
  el: 'Greek',
  nl: 'Dutch',
  pl: 'Polish',
  it: 'Italian',
};
