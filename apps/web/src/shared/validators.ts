// The console's input rules (spec 01 §5), kept in step with the server's schemas in @tilth/contracts
// (validators.test.ts checks them against each other).

export const isBlank = (value: string | undefined | null): boolean => !value || value.trim() === '';

/** 11 digits starting with 1. */
export const isPhone = (value: string): boolean => /^1\d{10}$/.test(value);

/** Registration: at least 8 (at most 64) letters and digits only, with both kinds. */
export const isRegisterPassword = (value: string): boolean =>
  /^[A-Za-z0-9]{8,64}$/.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value);

/** General rule (password change, reset): 6–20 characters of at least two kinds of letters, digits, symbols. */
export const isGeneralPassword = (value: string): boolean =>
  value.length >= 6 &&
  value.length <= 20 &&
  [/[A-Za-z]/, /\d/, /[^A-Za-z0-9]/].filter((kind) => kind.test(value)).length >= 2;

export const AREA_NAME_MAX = 60;

/** Base short name: required, at most 60 characters. */
export const isAreaName = (value: string): boolean => {
  const name = value.trim();
  return name.length > 0 && name.length <= AREA_NAME_MAX;
};

/** Base code: optional; letters, digits, underscore and hyphen, at most 60. */
export const isAreaCode = (value: string): boolean => /^[A-Za-z0-9_-]{0,60}$/.test(value.trim());
