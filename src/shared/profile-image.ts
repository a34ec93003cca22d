/** No zod here: the picture dialog imports it (docs/product/screens.md#form-rules). */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_TYPE_MESSAGE = 'Please select an image file (PNG, JPG, JPEG, WebP)';
export const PROFILE_IMAGE_SIZE_MESSAGE = 'Please select an image smaller than 5MB';
