import type { Page } from '@tilth/contracts/common.types';
import type { Scene, Vr } from '@tilth/contracts/vr.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TourHarness, tourHarness } from './tour-helpers.js';

let h: TourHarness;
let p1 = 0;
let p2 = 0;
let baseId = 0;
let cover = '';
beforeAll(async () => {
  h = await tourHarness();
  p1 = (await h.panorama('稻田全景')).id;
  p2 = (await h.panorama('鱼塘全景')).id;
  baseId = await h.area('番禺示范基地');
  cover = await h.picture();
});
afterAll(async () => {
  await h.s.close();
});

const basics = (extra: Record<string, unknown> = {}) => ({
  vrName: '  示范农场 VR  ',
  vrCover: cover,
  description: '  稻田与鱼塘  ',
  areaId: [baseId],
  panoramaIds: [p1, p2],
  ...extra,
});

describe('tours (panorama-vr)', () => {
  it('creates a tour with its scenes in one call, trimmed, and lists it with bases and scene count', async () => {
    const vr = await h.ok<Vr>('admin', 'POST', 'panorama-vr', basics());
    expect(vr).toMatchObject({
      vrName: '示范农场 VR',
      description: '稻田与鱼塘',
      vrCover: cover,
      area: [{ areaId: baseId, areaName: '番禺示范基地' }],
      enabledFlag: 1,
      sceneCount: 2,
      publicPath: null,
      objectVersionNumber: 1,
    });
    const scenes = await h.scenes(vr.vrId);
    expect(scenes.map((s) => [s.scenesName, s.panoramaId, s.sortOrder])).toEqual([
      ['稻田全景', p1, 0],
      ['鱼塘全景', p2, 1],
    ]);
    expect(JSON.parse(scenes[0]?.visualJson ?? '')).toMatchObject({ fov: 90 });
    expect(scenes[0]?.panorama.tiles?.levels.length).toBe(2);
    const list = await h.ok<Page<Vr>>(
      'admin',
      'GET',
      `panorama-vr?vrName=${encodeURIComponent('示范')}&areaId=${baseId}`,
    );
    expect(list.content.map((x) => x.vrId)).toContain(vr.vrId);
    const none = await h.ok<Page<Vr>>('admin', 'GET', 'panorama-vr?vrName=nothing-like-it');
    expect(none.totalElements).toBe(0);
  });

  it('answers each basics rule of spec 03 §5 with its message in English and Chinese, creating nothing', async () => {
    const before = (await h.ok<Page<Vr>>('admin', 'GET', 'panorama-vr?size=0')).totalElements;
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ vrCover: '' }, 'wfpf.vr.tour.coverRequired', 'VR cover image cannot be empty', 'VR 封面图不能为空'],
      [{ vrName: '   ' }, 'wfpf.vr.tour.nameRequired', 'VR name cannot be empty', 'VR 名称不能为空'],
      [{ areaId: [] }, 'wfpf.vr.tour.basesRequired', 'Base list cannot be empty', '基地列表不能为空'],
      [
        { panoramaIds: [] },
        'wfpf.vr.scene.atLeastOne',
        'At least one scene is required',
        '至少需要保留一个场景',
      ],
      [
        { panoramaIds: Array.from({ length: 11 }, () => p1) },
        'wfpf.vr.scene.tooMany',
        'The number of scenes cannot exceed 10',
        '场景数量不能超过 10 个',
      ],
    ];
    for (const [extra, code, en, zh] of cases) {
      const b = basics(extra);
      expect((await h.refused(400, code, 'admin', 'POST', 'panorama-vr', b)).message).toBe(en);
      const zhBody = await h.refused(400, code, 'admin', 'POST', 'panorama-vr', b, h.tA, 'zh-CN');
      expect(zhBody.message).toBe(zh);
    }
    // Name ≤ 20 and description ≤ 200, judged trimmed.
    await h.ok<Vr>('admin', 'POST', 'panorama-vr', basics({ vrName: ` ${'名'.repeat(20)} ` }));
    await h.refused(400, undefined, 'admin', 'POST', 'panorama-vr', basics({ vrName: '名'.repeat(21) }));
    await h.refused(400, undefined, 'admin', 'POST', 'panorama-vr', basics({ description: 'd'.repeat(201) }));
    const after = (await h.ok<Page<Vr>>('admin', 'GET', 'panorama-vr?size=0')).totalElements;
    expect(after).toBe(before + 1);
  });

  it('refuses a cover that is not a picture stored by this tenant, and bases or panoramas of others', async () => {
    const coverB = await h.picture('adminB', h.tB);
    await h.refused(
      400,
      'wfpf.vr.tour.fileNotOwn',
      'admin',
      'POST',
      'panorama-vr',
      basics({ vrCover: coverB }),
    );
    const outside = 'https://evil.example.com/x.jpg';
    await h.refused(
      400,
      'wfpf.vr.tour.fileNotOwn',
      'admin',
      'POST',
      'panorama-vr',
      basics({ vrCover: outside }),
    );
    const baseB = await h.area('B 的基地', h.tB);
    await h.refused(
      400,
      'wfpf.vr.tour.baseNotFound',
      'admin',
      'POST',
      'panorama-vr',
      basics({ areaId: [baseB] }),
    );
    const pB = (await h.panorama('B 全景', h.tB)).id;
    const code = 'wfpf.vr.scene.panoramaNotReady';
    await h.refused(400, code, 'admin', 'POST', 'panorama-vr', basics({ panoramaIds: [pB] }));
    const processing = (await h.panorama('处理中', h.tA, 'processing')).id;
    await h.refused(400, code, 'admin', 'POST', 'panorama-vr', basics({ panoramaIds: [processing] }));
    const disabled = (await h.panorama('已停用', h.tA, 'ready', 0)).id;
    await h.refused(400, code, 'admin', 'POST', 'panorama-vr', basics({ panoramaIds: [disabled] }));
  });

  it('saves basics with the optimistic lock: a stale version answers 409 and changes nothing', async () => {
    const vr = await h.ok<Vr>('admin', 'POST', 'panorama-vr', basics());
    const base2 = await h.area('南沙水产基地');
    const put = (version: number, vrName: string) =>
      h.call('admin', 'PUT', 'panorama-vr', {
        vrId: vr.vrId,
        vrName,
        vrCover: cover,
        description: '新的介绍',
        areaId: [base2, baseId],
        objectVersionNumber: version,
        enabledFlag: 1,
      });
    const first = await put(1, ' 新名字 ');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ vrName: '新名字', objectVersionNumber: 2 });
    expect((first.json() as Vr).area.map((a) => a.areaName).sort()).toEqual(
      ['南沙水产基地', '番禺示范基地'].sort(),
    );
    const stale = await put(1, '别人的名字');
    expect(stale.statusCode).toBe(409);
    const now = await h.ok<Vr>('admin', 'GET', `panorama-vr/${vr.vrId}`);
    expect(now).toMatchObject({ vrName: '新名字', objectVersionNumber: 2 });
    // Delete with a stale version: 409, still there; with the current one: gone, scenes too.
    await h.refused(409, undefined, 'admin', 'DELETE', `panorama-vr/${vr.vrId}?objectVersionNumber=1`);
    await h.ok('admin', 'DELETE', `panorama-vr/${vr.vrId}?objectVersionNumber=2`);
    await h.refused(404, 'wfpf.vr.tour.notFound', 'admin', 'GET', `panorama-vr/${vr.vrId}`);
    await h.refused(404, undefined, 'admin', 'GET', `panorama-scenes?vrId=${vr.vrId}`);
  });

  it('another tenant sees nothing of the tour and cannot change it', async () => {
    const vr = await h.ok<Vr>('admin', 'POST', 'panorama-vr', basics());
    const [scene] = await h.scenes(vr.vrId);
    await h.refused(404, undefined, 'adminB', 'GET', `panorama-vr/${vr.vrId}`, undefined, h.tB);
    await h.refused(404, undefined, 'adminB', 'GET', `panorama-scenes?vrId=${vr.vrId}`, undefined, h.tB);
    const listB = await h.ok<Page<Vr>>('adminB', 'GET', 'panorama-vr', undefined, h.tB);
    expect(listB.content.map((x) => x.vrId)).not.toContain(vr.vrId);
    await h.refused(404, undefined, 'adminB', 'DELETE', `panorama-vr/${vr.vrId}`, undefined, h.tB);
    await h.refused(404, undefined, 'adminB', 'POST', `panorama-vr/${vr.vrId}/publish`, undefined, h.tB);
    await h.refused(
      404,
      undefined,
      'adminB',
      'DELETE',
      'panorama-scenes',
      { scenesId: scene?.scenesId },
      h.tB,
    );
    // B cannot add its own panorama to A's tour, nor save A's scene with its own device.
    const pB = (await h.panorama('B 的全景', h.tB)).id;
    await h.refused(
      404,
      undefined,
      'adminB',
      'POST',
      'panorama-scenes',
      { vrId: vr.vrId, panoramaId: pB },
      h.tB,
    );
    const basicsB = { vrId: vr.vrId, vrName: 'x', vrCover: cover, areaId: [baseId], objectVersionNumber: 1 };
    await h.refused(404, undefined, 'adminB', 'PUT', 'panorama-vr', basicsB, h.tB);
    // Tenant B's admin asking under tenant A's id is refused before anything.
    await h.refused(403, undefined, 'adminB', 'GET', `panorama-vr/${vr.vrId}`);
    expect((await h.scenes(vr.vrId)).length).toBe(2);
  });

  it('the viewer reads tours but may not create, edit, delete or publish', async () => {
    const vr = await h.ok<Vr>('admin', 'POST', 'panorama-vr', basics());
    const viewer = await h.call('viewer', 'GET', `panorama-vr/${vr.vrId}`);
    // Whether the viewer role holds the view code is the role table's; it never holds the writes.
    expect([200, 403]).toContain(viewer.statusCode);
    await h.refused(403, undefined, 'viewer', 'POST', 'panorama-vr', basics());
    await h.refused(403, undefined, 'viewer', 'POST', `panorama-vr/${vr.vrId}/publish`);
    await h.refused(403, undefined, 'viewer', 'DELETE', `panorama-vr/${vr.vrId}`);
  });

  it('publishes a link with a long random token, and withdrawing it answers 404 at once', async () => {
    const vr = await h.ok<Vr>('admin', 'POST', 'panorama-vr', basics());
    const { publicPath } = await h.ok<{ publicPath: string }>(
      'admin',
      'POST',
      `panorama-vr/${vr.vrId}/publish`,
    );
    const token = publicPath.split('/').pop() ?? '';
    expect(publicPath).toBe(`/vr/${h.tA}/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const url = `/wfpf/v1/public/${h.tA}/vr/${token}`;
    expect((await h.s.inject({ method: 'GET', url })).statusCode).toBe(200);
    // Publishing again keeps the link; the tour answer carries it.
    const again = await h.ok<{ publicPath: string }>('admin', 'POST', `panorama-vr/${vr.vrId}/publish`);
    expect(again.publicPath).toBe(publicPath);
    const read = await h.ok<Vr>('admin', 'GET', `panorama-vr/${vr.vrId}`);
    expect(read.publicPath).toBe(publicPath);
    // Publishing is not an edit: an editor holding the tour's version is not made stale by it.
    expect(read.objectVersionNumber).toBe(vr.objectVersionNumber);
    await h.ok('admin', 'DELETE', `panorama-vr/${vr.vrId}/publish`);
    expect((await h.s.inject({ method: 'GET', url })).statusCode).toBe(404);
    // A new publication is a new token: the old link stays dead.
    const fresh = await h.ok<{ publicPath: string }>('admin', 'POST', `panorama-vr/${vr.vrId}/publish`);
    expect(fresh.publicPath).not.toBe(publicPath);
    expect((await h.s.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('adds scenes up to 10, names them after the panorama, and refuses the 11th', async () => {
    const vr = await h.ok<Vr>('admin', 'POST', 'panorama-vr', basics({ panoramaIds: [p1] }));
    const named = await h.ok<Scene>('admin', 'POST', 'panorama-scenes', {
      vrId: vr.vrId,
      panoramaId: p2,
      scenesName: ' 鱼塘 ',
    });
    expect(named.scenesName).toBe('鱼塘');
    for (let i = 2; i < 10; i += 1)
      await h.ok<Scene>('admin', 'POST', 'panorama-scenes', { vrId: vr.vrId, panoramaId: p1 });
    const eleventh = { vrId: vr.vrId, panoramaId: p2 };
    const en = await h.refused(400, 'wfpf.vr.scene.tooMany', 'admin', 'POST', 'panorama-scenes', eleventh);
    expect(en.message).toBe('The number of scenes cannot exceed 10');
    const zh = await h.refused(
      400,
      'wfpf.vr.scene.tooMany',
      'admin',
      'POST',
      'panorama-scenes',
      eleventh,
      h.tA,
      'zh-CN',
    );
    expect(zh.message).toBe('场景数量不能超过 10 个');
    const all = await h.scenes(vr.vrId);
    expect(all.length).toBe(10);
    expect(all[1]?.scenesName).toBe('鱼塘');
    expect(all[2]?.scenesName).toBe('稻田全景');
    // The strip's order: all scenes once, else 400.
    const ids = all.map((s) => s.scenesId).reverse();
    const ordered = await h.ok<Scene[]>('admin', 'PUT', 'panorama-scenes/order', {
      vrId: vr.vrId,
      scenesIds: ids,
    });
    expect(ordered.map((s) => s.scenesId)).toEqual(ids);
    await h.refused(400, 'wfpf.vr.scene.order', 'admin', 'PUT', 'panorama-scenes/order', {
      vrId: vr.vrId,
      scenesIds: ids.slice(1),
    });
    // Another tenant's panorama cannot become a scene.
    const pB = (await h.panorama('B 的', h.tB)).id;
    const vr2 = await h.ok<Vr>('admin', 'POST', 'panorama-vr', basics({ panoramaIds: [p1] }));
    await h.refused(400, 'wfpf.vr.scene.panoramaNotReady', 'admin', 'POST', 'panorama-scenes', {
      vrId: vr2.vrId,
      panoramaId: pB,
    });
  });
});
