import * as crop from '@tilth/contracts/crop.types';
import type { SeedProduct } from '@tilth/contracts/seed.types';
import * as contracts from '@tilth/contracts/seed.types';
import { describe, expect, it } from 'vitest';
import {
  CROP_EN_NAME_MAX,
  CROP_NAME_MAX,
  imageProblem,
  publicSeedUrl,
  SEED_ATTRIBUTES_MAX,
  SEED_EN_NAME_MAX,
  SEED_ITEM_DESCRIPTION_MAX,
  SEED_ITEM_EN_NAME_MAX,
  SEED_ITEM_NAME_MAX,
  SEED_NAME_MAX,
  SEED_PRACTICES_MAX,
  SEED_PUBLICITY_MAX,
  toCreateBody,
  toFormValues,
  toUpdateBody,
} from './seedForm';

const product: SeedProduct = {
  seedId: 3,
  cropName: '玉米',
  corpEnName: 'Corn',
  publicity: '高产稳产',
  seedName: '金皇后',
  seedEnName: null,
  imageUrl: '/hfle/v1/1/files/abc/file',
  farmingPractices: [{ imageUrl: '', name: '播种', description: '<p>4 月播种</p>' }],
  productAttributes: [{ name: '抗倒伏', enName: '', imageUrl: '', description: '' }],
  promoVideoId: 7,
  promoVideo: {
    videoId: 7,
    videoName: '宣传片',
    videoUrl: '/wfpf/v1/1/content/videos/7/k/video',
    posterUrl: '/wfpf/v1/1/content/videos/7/k/poster.jpg',
    width: 640,
    height: 360,
    durationMs: 5000,
  },
  enabledFlag: 1,
  objectVersionNumber: 2,
  creationDate: '2025-01-01T00:00:00Z',
  lastUpdateDate: '2025-01-01T00:00:00Z',
};

describe('seed form mapping', () => {
  it('keeps its limits in step with the contracts', () => {
    expect([
      CROP_NAME_MAX,
      CROP_EN_NAME_MAX,
      SEED_NAME_MAX,
      SEED_EN_NAME_MAX,
      SEED_PUBLICITY_MAX,
      SEED_ITEM_NAME_MAX,
      SEED_ITEM_EN_NAME_MAX,
      SEED_ITEM_DESCRIPTION_MAX,
      SEED_PRACTICES_MAX,
      SEED_ATTRIBUTES_MAX,
    ]).toEqual([
      crop.CROP_NAME_MAX,
      crop.CROP_EN_NAME_MAX,
      contracts.SEED_NAME_MAX,
      contracts.SEED_EN_NAME_MAX,
      contracts.SEED_PUBLICITY_MAX,
      contracts.SEED_ITEM_NAME_MAX,
      contracts.SEED_ITEM_EN_NAME_MAX,
      contracts.SEED_ITEM_DESCRIPTION_MAX,
      contracts.SEED_PRACTICES_MAX,
      contracts.SEED_ATTRIBUTES_MAX,
    ]);
  });

  it('round-trips a product into an update the server accepts, blanks as null', () => {
    const body = toUpdateBody(product, toFormValues(product));
    expect(body).toMatchObject({
      seedId: 3,
      objectVersionNumber: 2,
      seedEnName: null,
      imageUrl: '/hfle/v1/1/files/abc/file',
      enabledFlag: 1,
      promoVideoId: 7,
      farmingPractices: [{ imageUrl: null, name: '播种', description: '<p>4 月播种</p>' }],
      productAttributes: [{ name: '抗倒伏', enName: null, imageUrl: null, description: '' }],
    });
    expect(contracts.seedUpdateBody.safeParse(body).success).toBe(true);
    // Cleared in the form: sent as null, which the server takes as "no video".
    expect(
      toUpdateBody(product, { ...toFormValues(product), promoVideoId: undefined }).promoVideoId,
    ).toBeNull();
  });

  it('builds a create body with trimmed names and no empty cards', () => {
    const body = toCreateBody({
      ...toFormValues(null),
      cropName: ' 番茄 ',
      seedName: ' 粉果一号',
      enabled: false,
      farmingPractices: [{ name: '', imageUrl: '', description: '' }, { name: ' 育苗 ' }],
    });
    expect(body).toMatchObject({ cropName: '番茄', seedName: '粉果一号', enabledFlag: 0 });
    expect(body.farmingPractices).toEqual([{ imageUrl: null, name: '育苗', description: '' }]);
    expect(contracts.seedCreateBody.safeParse(body).success).toBe(true);
  });

  it('builds the public link and checks picked images', () => {
    expect(publicSeedUrl('https://farm.example.com', 1001, 3)).toBe(
      'https://farm.example.com/seed?tenantId=1001&id=3',
    );
    expect(imageProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 1024 })).toBe('type');
    expect(imageProblem({ type: 'image/jpeg', size: 31 * 1024 * 1024 })).toBe('size');
  });
});
