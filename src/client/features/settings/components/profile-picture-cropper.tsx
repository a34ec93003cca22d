import 'react-image-crop/dist/ReactCrop.css';
import type { Ref } from 'react';
import { centerCrop, makeAspectCrop, type PercentCrop, ReactCrop } from 'react-image-crop';

/** docs/product/screens.md#profile-picture. */
export const CROP_ASPECT = 1;
export const INITIAL_CROP_WIDTH_PERCENT = 90;
/** docs/product/screens.md#form-rules. */
export const OUTPUT_SIZE = 200;
export const OUTPUT_TYPE = 'image/jpeg';
export const OUTPUT_QUALITY = 0.9;

/** In percent, so it survives any display size. */
export function initialCrop(width: number, height: number): PercentCrop {
  const crop = makeAspectCrop(
    { unit: '%', width: INITIAL_CROP_WIDTH_PERCENT },
    CROP_ASPECT,
    width,
    height,
  );
  return centerCrop(crop, width, height);
}

/** JPEG has no transparency: a transparent PNG is drawn on white rather than black. */
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
  onImageError: () => void;
  imageRef: Ref<HTMLImageElement>;
};

/** Keyboard nudging is ReactCrop's own (docs/product/screens.md#profile-picture; nudgeStep*). */
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
