import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import { files } from './file.tables.js';

export interface FileRow {
  tenantId: number;
  id: string;
  attachmentUuid: string | null;
  bucketName: string;
  fileName: string;
  contentType: string;
  fileSize: number;
  storageKey: string;
  createdBy: number | null;
}

const columns = {
  tenantId: files.tenantId,
  id: files.id,
  attachmentUuid: files.attachmentUuid,
  bucketName: files.bucketName,
  fileName: files.fileName,
  contentType: files.contentType,
  fileSize: files.fileSize,
  storageKey: files.storageKey,
  createdBy: files.createdBy,
};

/** Tenants whose files a tenant may read: its own and the platform's. */
export const readableTenants = (tenantId: number): number[] =>
  tenantId === PLATFORM_TENANT_ID ? [tenantId] : [tenantId, PLATFORM_TENANT_ID];

const readable = (tenantId: number) => inArray(files.tenantId, readableTenants(tenantId));

export const insertFile = async (db: Db, row: FileRow): Promise<void> => {
  await db.insert(files).values({ ...row, lastUpdatedBy: row.createdBy });
};

/**
 * Of the given file ids, those stored by this tenant (not the platform's shared ones), with their content
 * type: the one check other modules use before they point at files (ADR 0009).
 */
export const ownFiles = async (
  db: Db,
  tenantId: number,
  ids: readonly string[],
): Promise<{ id: string; contentType: string }[]> =>
  ids.length === 0
    ? []
    : db
        .select({ id: files.id, contentType: files.contentType })
        .from(files)
        .where(and(eq(files.tenantId, tenantId), inArray(files.id, [...ids])));

export const findReadable = async (db: Db, tenantId: number, id: string): Promise<FileRow | undefined> => {
  const [row] = await db
    .select(columns)
    .from(files)
    .where(and(readable(tenantId), eq(files.id, id)));
  return row;
};

export const listByAttachment = async (
  db: Db,
  tenantIds: number[],
  attachmentUuid: string,
): Promise<FileRow[]> =>
  db
    .select(columns)
    .from(files)
    .where(and(inArray(files.tenantId, tenantIds), eq(files.attachmentUuid, attachmentUuid)))
    .orderBy(asc(files.creationDate), asc(files.fileName));

export const deleteFile = async (db: Db, tenantId: number, id: string): Promise<FileRow | undefined> => {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id)))
    .returning(columns);
  return row;
};

/** The byte size of a stored file, once known (a demo photo drawn on first use). */
export const setFileSize = async (db: Db, tenantId: number, id: string, size: number): Promise<void> => {
  await db
    .update(files)
    .set({ fileSize: size })
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id)));
};
