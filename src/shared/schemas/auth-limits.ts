// Without zod, so the first-visit sign-up page can say them without loading it (decision 033).
// docs/product/deviations.md#8-passwords-are-8-to-128-characters
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
