import sharp from 'sharp';
import { PROFILE_IMAGE_TYPE_MESSAGE } from '../../../shared/profile-image.ts';
import { AppError } from '../../errors.ts';

export const NOT_AN_IMAGE_MESSAGE = PROFILE_IMAGE_TYPE_MESSAGE;
export const TOO_MANY_PIXELS_MESSAGE =
  'This image is too large. Please choose one under 8000 × 8000 pixels.';
export const UNREADABLE_MESSAGE = 'This image could not be read. Please choose another one.';

/** Bigger than any photo a phone takes, small enough that decoding one stays cheap. */
export const MAX_SIDE = 8000;
export const MAX_PIXELS = 40_000_000;
/** docs/product/screens.md#form-rules: the cropped result is a 200×200 JPEG at quality 0.9. */
export const OUTPUT_SIZE = 200;
export const OUTPUT_TYPE = 'image/jpeg';

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

export const notAnImage = () => new AppError('validation_failed', 400, NOT_AN_IMAGE_MESSAGE);

/** Checked before sharp sees the bytes, so libvips' other loaders (SVG, PDF…) never parse an upload. */
function hasAcceptedSignature(bytes: Buffer): boolean {
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const webp =
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  return png || jpeg || webp;
}

/** sharp writes no metadata unless asked, so EXIF (GPS, names), ICC and XMP are dropped. */
export async function encodeProfileImage(upload: Buffer): Promise<Buffer> {
  if (!hasAcceptedSignature(upload)) throw notAnImage();
  // Pixels are limited where decoding happens, so too many gets its own message, not "unsupported".
  const meta = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw notAnImage();
    });
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw notAnImage();
  const { width, height } = meta;
  if (!width || !height) throw notAnImage();
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw new AppError('validation_failed', 400, TOO_MANY_PIXELS_MESSAGE);
  }
  try {
    return await sharp(upload, { limitInputPixels: MAX_PIXELS })
      .rotate()
      // JPEG has no transparency: a transparent PNG gets white behind it, not black.
      .flatten({ background: '#ffffff' })
      .resize(OUTPUT_SIZE, OUTPUT_SIZE, { fit: 'cover' })
      .jpeg({ quality: 90 })
      .toBuffer();
  } catch {
    throw new AppError('validation_failed', 400, UNREADABLE_MESSAGE);
  }
}
