import 'react-image-crop/dist/ReactCrop.css';
import type { Ref } from 'react';
import { centerCrop, makeAspectCrop, type PercentCrop, ReactCrop } from 'react-image-crop';

/** docs/product/screens.md#profile-picture: a square crop shown as a circle, starting at 90% of the width, centred. */
export const CROP_ASPECT = 1;
export const INITIAL_CROP_WIDTH_PERCENT = 90;
/** docs/product/screens.md#form-rules: what is uploaded is a 200×200 JPEG at quality 0.9. */
export const OUTPUT_SIZE = 200;
export const OUTPUT_TYPE = 'image/jpeg';
export const OUTPUT_QUALITY = 0.9;

/** The first crop for an image of this size, in percent so it survives any display size. */
export function initialCrop(width: number, height: number): PercentCrop {
  const crop = makeAspectCrop(
    { unit: '%', width: INITIAL_CROP_WIDTH_PERCENT },
    CROP_ASPECT,
    width,
    height,
  );
  return centerCrop(crop, width, height);
}

/**
 * Draws the cropped part of the image, at its full resolution, onto a 200×200 canvas and
 * exports it as JPEG. JPEG has no transparency, so a transparent PNG sits on white rather
 * than black.
 */
export function cropToJpeg(image: HTMLImageElement, crop: PercentCrop): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT_SIZE;
  canvas.height = OUTPUT_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw the picture.'));
  const sx = (crop.x / 100) * image.naturalWidth;
  const sy = (crop.y / 100) * image.naturalHeight;
  const sw = (crop.width / 100) * image.naturalWidth;
  const sh = (crop.height / 100) * image.naturalHeight;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, OUTPUT_SIZE, OUTPUT_SIZE);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, sw, sh, 0, 0, OUTPUT_SIZE, OUTPUT_SIZE);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be exported.'))),
      OUTPUT_TYPE,
      OUTPUT_QUALITY,
    );
  });
}

type CropperProps = {
  src: string;
  crop: PercentCrop | undefined;
  onCropChange: (crop: PercentCrop) => void;
  /** The picture could not be decoded (a file that only claims to be an image). */
  onImageError: () => void;
  imageRef: Ref<HTMLImageElement>;
};

/**
 * react-image-crop with a circular, square selection. Its keyboard support is built in: the
 * selection and its corner handles take focus, and the arrow keys move them by 1 px, with
 * Shift by 10 and with Ctrl (⌘ on a Mac) by 100 (docs/product/screens.md#profile-picture; ReactCrop.nudgeStep*).
 */
export function ProfilePictureCropper({
  src,
  crop,
  onCropChange,
  onImageError,
  imageRef,
}: CropperProps) {
  return (
    <ReactCrop
      crop={crop}
      onChange={(_pixels, percent) => onCropChange(percent)}
      aspect={CROP_ASPECT}
      circularCrop
      keepSelection
      minWidth={24}
      className="mx-auto"
    >
      <img
        ref={imageRef}
        src={src}
        alt="Your chosen file, to crop"
        onLoad={(event) => {
          const { naturalWidth, naturalHeight } = event.currentTarget;
          onCropChange(initialCrop(naturalWidth, naturalHeight));
        }}
        onError={onImageError}
        className="max-h-[min(50dvh,24rem)]"
      />
    </ReactCrop>
  );
}
