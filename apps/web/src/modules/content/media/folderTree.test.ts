import { describe, expect, it } from 'vitest';
import { checkPictureFile, fileSizeText, folderIdOfKey, folderTree } from './folderTree';

const f = (folderId: number, folderName: string, parentId: number | null = null) => ({
  folderId,
  folderName,
  parentId,
  pictureCount: 0,
  objectVersionNumber: 1,
});

describe('folderTree', () => {
  it('nests folders under the root by parent, siblings by name', () => {
    const tree = folderTree([f(3, 'Wheat', 1), f(1, 'Fields'), f(2, 'Barns'), f(4, 'Corn', 1)], 'All');
    expect(tree).toHaveLength(1);
    const root = tree[0];
    expect(root?.key).toBe('all');
    expect(root?.children.map((c) => c.title)).toEqual(['Barns', 'Fields']);
    expect(root?.children[1]?.children.map((c) => [c.key, c.title])).toEqual([
      ['f4', 'Corn'],
      ['f3', 'Wheat'],
    ]);
  });

  it('shows a folder whose parent is gone at the top instead of losing it', () => {
    const tree = folderTree([f(5, 'Orphan', 99)], 'All');
    expect(tree[0]?.children.map((c) => c.title)).toEqual(['Orphan']);
  });

  it('reads folder ids from keys', () => {
    expect(folderIdOfKey('all')).toBeNull();
    expect(folderIdOfKey('f12')).toBe(12);
  });
});

describe('checkPictureFile', () => {
  it('refuses other types by name and files over the bound before sending', () => {
    expect(checkPictureFile({ name: 'a.PNG', size: 10, type: 'image/png' }, 100)).toBeNull();
    expect(checkPictureFile({ name: 'a.pdf', size: 10, type: 'application/pdf' }, 100)).toBe('type');
    expect(checkPictureFile({ name: 'a.jpg', size: 101, type: 'image/jpeg' }, 100)).toBe('size');
  });

  it('writes sizes in KB and MB', () => {
    expect(fileSizeText(2048)).toBe('2 KB');
    expect(fileSizeText(3.5 * 1024 * 1024)).toBe('3.5 MB');
  });
});
