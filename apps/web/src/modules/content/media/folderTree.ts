import type { PictureFolder } from '@tilth/contracts/media.types';

// The folder tree from the server's flat list (parentId), for antd Tree: the top level first, siblings by
// name. A folder whose parent is missing (deleted meanwhile) shows at the top rather than vanishing.

export interface FolderNode {
  key: string;
  title: string;
  folderId: number | null;
  folder: PictureFolder | null;
  children: FolderNode[];
}

/** The root node ("All pictures", key 'all') holds the tree; key `f{id}` names a folder. */
export const folderTree = (folders: readonly PictureFolder[], rootTitle: string): FolderNode[] => {
  const byParent = new Map<number | null, PictureFolder[]>();
  const ids = new Set(folders.map((f) => f.folderId));
  for (const f of folders) {
    const parent = f.parentId !== null && ids.has(f.parentId) ? f.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), f]);
  }
  const build = (parent: number | null, seen: Set<number>): FolderNode[] =>
    (byParent.get(parent) ?? [])
      .filter((f) => !seen.has(f.folderId))
      .sort((a, b) => a.folderName.localeCompare(b.folderName))
      .map((f) => ({
        key: `f${f.folderId}`,
        title: f.folderName,
        folderId: f.folderId,
        folder: f,
        children: build(f.folderId, new Set([...seen, f.folderId])),
      }));
  return [{ key: 'all', title: rootTitle, folderId: null, folder: null, children: build(null, new Set()) }];
};

/** The folder a tree key names: null for the root. */
export const folderIdOfKey = (key: string): number | null =>
  key.startsWith('f') ? Number(key.slice(1)) : null;

/** "1.2 MB" style sizes. */
export const fileSizeText = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The client's first check of a chosen picture (the server checks the content again). */
export const checkPictureFile = (
  file: { name: string; size: number; type: string },
  maxBytes: number,
): 'type' | 'size' | null => {
  if (!/\.(jpe?g|png|webp|gif)$/i.test(file.name)) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
};
