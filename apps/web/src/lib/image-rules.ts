/** The §5 image and video upload rules, shared by the features that upload (OA content, mini apps). */
/** §9: 1 MB is 1048576 bytes (limits and the sizes shown). */
export const MB = 1048576;
/** §5: the default image upload limit (MB). */
export const DEFAULT_IMAGE_MB = 5;
/** §9 / §5: a video upload's ceiling (MB) and the types offered. */
export const VIDEO_MAX_MB = 50;
export const VIDEO_ACCEPT = 'video/mp4,video/x-msvideo,video/avi,.mp4,.avi';

export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'];

/** A refused file: the i18n key (`imageRules.*` of the calling feature's namespace) and its values. The vi texts are §5's exact wording. */
export interface RuleFailure {
  key: 'imageRules.type' | 'imageRules.size' | 'imageRules.minSize' | 'imageRules.ratio' | 'imageRules.unreadable' | 'imageRules.readError' | 'video.type' | 'video.size';
  values?: Record<string, number | string>;
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** §5 image rules that need no decoding: only jpg, jpeg, png; smaller than `maxMb`. */
export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>, maxMb = DEFAULT_IMAGE_MB): RuleFailure | null {
  const typeOk = (IMAGE_TYPES as readonly string[]).includes(file.type) || (file.type === '' && IMAGE_EXTENSIONS.includes(extension(file.name)));
  if (!typeOk || !IMAGE_EXTENSIONS.includes(extension(file.name))) return { key: 'imageRules.type' };
  if (file.size >= maxMb * MB) return { key: 'imageRules.size', values: { size: maxMb } };
  return null;
}

/** §5 minimum pixel dimensions ('Ảnh phải có kích thước tối thiểu WxH px (hiện tại: WxH px)'). */
export function checkImageDimensions(actual: { width: number; height: number }, min: { width: number; height: number } | undefined): RuleFailure | null {
  if (!min) return null;
  if (actual.width >= min.width && actual.height >= min.height) return null;
  return { key: 'imageRules.minSize', values: { minWidth: min.width, minHeight: min.height, width: actual.width, height: actual.height } };
}

/** §9 cover ratio 16:9: a cover within 2 % of the ratio passes (a 1280x720 or 1200x675 photo). */
export function checkImageRatio(actual: { width: number; height: number }, ratio: number | undefined): RuleFailure | null {
  if (!ratio || actual.height === 0) return null;
  if (Math.abs(actual.width / actual.height / ratio - 1) <= 0.02) return null;
  return { key: 'imageRules.ratio', values: { width: actual.width, height: actual.height } };
}

/** Decodes the image to read its size: 'unreadable' when the browser cannot decode it, 'readError' when the file cannot be read. */
export function readImageSize(file: File): Promise<{ width: number; height: number } | RuleFailure> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onerror = () => resolve({ key: 'imageRules.readError' });
    reader.onload = () => {
      const img = new Image();
      img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => resolve({ key: 'imageRules.unreadable' });
      img.src = String(reader.result);
    };
    reader.readAsDataURL(file);
  });
}

/** Every §5 image rule in order: type, size, then (decoded) minimum dimensions and, for a cover, the 16:9 ratio. */
export async function validateImage(file: File, options: { maxMb?: number; minSize?: { width: number; height: number }; ratio?: number } = {}): Promise<RuleFailure | null> {
  const quick = checkImageFile(file, options.maxMb);
  if (quick) return quick;
  const size = await readImageSize(file);
  if ('key' in size) return size;
  return checkImageDimensions(size, options.minSize) ?? checkImageRatio(size, options.ratio);
}

/** §5 video upload: video types only, at most 50 MB. */
export function checkVideoFile(file: Pick<File, 'name' | 'type' | 'size'>): RuleFailure | null {
  const ext = extension(file.name);
  if (!(file.type.startsWith('video/') || ['mp4', 'avi'].includes(ext)) || !['mp4', 'avi'].includes(ext)) return { key: 'video.type' };
  if (file.size > VIDEO_MAX_MB * MB) return { key: 'video.size', values: { size: VIDEO_MAX_MB } };
  return null;
}

/** §2.9: a size in MB for the video cards (1 MB = 1048576 bytes), two decimals. */
export function formatMb(bytes: number): string {
  return (bytes / MB).toFixed(2);
}
