import { z } from 'zod';
import { blankAsUnset, tenantParam } from './common.types.js';

// Files and images: spec 01 §7, spec 02 §5, spec 03 §7 (/hfle/v1/{t}/…). ARCHITECTURE §7.

export const FILE_NAME_MAX = 255;
export const IMAGE_SIZE_MAX = 4096;
export const IMAGE_SIZE_DEFAULT = 400;

const guid = z.guid();
const bucketName = z
  .string()
  .max(63)
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'lower-case letters, digits and hyphen' });

export const fileIdParam = tenantParam.extend({ id: guid });

/** Query of POST /hfle/v1/{t}/files/multipart; the same names may come as form fields (those win). */
export const uploadQuery = z.object({
  bucketName: blankAsUnset(bucketName),
  fileName: z.string().max(FILE_NAME_MAX).optional(),
  attachmentUuid: blankAsUnset(guid),
});
export type UploadQuery = z.infer<typeof uploadQuery>;
/** The form fields of the upload, checked like the query. */
export const uploadFields = uploadQuery;

export const fileView = z.object({
  fileId: z.string(),
  fileUrl: z.string(),
  fileName: z.string(),
  attachmentUuid: z.string().nullable(),
  contentType: z.string(),
  fileSize: z.number().int(),
});
export type FileView = z.infer<typeof fileView>;

export const fileListQuery = z.object({ attachmentUuid: guid });
export const fileList = z.array(fileView.omit({ attachmentUuid: true }));

/**
 * Sizes images are made in: a requested width or height is served at the next size up (the largest above
 * it), so a few variants per image are ever made and cached, whatever sizes are asked for.
 */
export const IMAGE_SIZE_BUCKETS = [64, 128, 256, 400, 800, 1600] as const;

/** The size an image request of `n` pixels is served at. */
export const imageBucket = (n: number): number =>
  IMAGE_SIZE_BUCKETS.find((b) => b >= n) ?? Math.max(...IMAGE_SIZE_BUCKETS);

/**
 * flag 0 fits inside width×height keeping the aspect ratio; 1 covers it exactly, cropping the overflow.
 * Any size in range is accepted; the image is made at the bucket of each (IMAGE_SIZE_BUCKETS).
 */
export const imageQuery = z.object({
  width: z.coerce.number().int().min(1).max(IMAGE_SIZE_MAX).default(IMAGE_SIZE_DEFAULT),
  height: z.coerce.number().int().min(1).max(IMAGE_SIZE_MAX).default(IMAGE_SIZE_DEFAULT),
  flag: z.coerce.number().int().min(0).max(1).default(0),
});
export type ImageQuery = z.infer<typeof imageQuery>;

export const fileDeleteResponse = z.object({ success: z.boolean() });
