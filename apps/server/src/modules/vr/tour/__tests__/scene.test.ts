import type { HotspotState, Scene, Vr } from '@tilth/contracts/vr.types';
import { VISUAL_DEFAULT } from '@tilth/contracts/vr.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hs, type TourHarness, tourHarness } from './tour-helpers.js';

let h: TourHarness;
let vr: Vr;
let a: Scene;
let b: Scene;
let aeratorId = 0;
let cameraId = 0;
let p1 = 0;
beforeAll(async () => {
  h = await tourHarness();
  p1 = (await h.panorama('稻田全景')).id;
  const p2 = (await h.panorama('鱼塘全景')).id;
  vr = await h.tour([p1, p2]);
  [a, b] = (await h.scenes(vr.vrId)) as [Scene, Scene];
  aeratorId = await h.device('aerator', '1 号增氧机', { dissolvedOxygen: 6.5 });
  cameraId = await h.camera('塘边摄像头');
});
afterAll(async () => {
  await h.s.close();
});

const current = async (id: number) => (await h.scenes(vr.vrId)).find((s) => s.scenesId === id) as Scene;
const save = async (scene: Scene, hotspots: unknown[], view: unknown = VISUAL_DEFAULT) =>
  h.call('admin', 'PUT', 'panorama-scenes', h.sceneSave(await current(scene.scenesId), hotspots, view));
const aerator = () => ({ deviceType: 'aerator_ii', concentratorId: aeratorId, name: '1 号增氧机', eui: 'x' });

/** Saving `hotspots` answers 400 with `code` and the spec's words in both languages; the scene is unchanged. */
const refusedSave = async (
  hotspots: unknown[],
  code: string,
  en: string,
  zh?: string,
  view: unknown = VISUAL_DEFAULT,
) => {
  const before = await current(a.scenesId);
  const body = h.sceneSave(before, hotspots, view);
  expect((await h.refused(400, code, 'admin', 'PUT', 'panorama-scenes', body)).message).toBe(en);
  if (zh)
    expect((await h.refused(400, code, 'admin', 'PUT', 'panorama-scenes', body, h.tA, 'zh-CN')).message).toBe(
      zh,
    );
  const after = await current(a.scenesId);
  expect(after.objectVersionNumber).toBe(before.objectVersionNumber);
  expect(after.hotSpotJson).toBe(before.hotSpotJson);
};

describe('scenes (panorama-scenes): views and hotspots', () => {
  it('saves a view and the five hotspot types, trimmed, and answers the new version', async () => {
    const pic = await h.picture();
    const view = { ...VISUAL_DEFAULT, fov: 80.7, fovmin: 40, fovmax: 110, vlookatmin: -60, vlookatmax: 60 };
    const hotspots = [
      hs(1, { scenesId: b.scenesId, arriveHlookat: 90, arriveVlookat: -10 }),
      hs(2, { device: aerator(), realName: '1 号增氧机' }),
      hs(2, { device: { deviceType: 'camera', id: cameraId, name: '塘边摄像头', deviceSerial: 'SER' } }),
      hs(3, { images: [pic, pic] }),
      hs(4, { text: '  稻田里养着鱼。  ' }, { text: '  说明  ' }),
      hs(5, { link: ' https://example.com/farm ' }),
    ];
    const res = await save(a, hotspots, view);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as { objectVersionNumber: number; scene: Scene };
    expect(out.objectVersionNumber).toBe(a.objectVersionNumber + 1);
    expect(JSON.parse(out.scene.visualJson)).toMatchObject({ fov: 80, fovmin: 40, vlookatmin: -60 });
    const stored = JSON.parse(out.scene.hotSpotJson);
    expect(stored[0]).toMatchObject({
      linkedscene: `scene_${b.scenesId}`,
      content: { scenesId: b.scenesId, arriveHlookat: 90 },
    });
    expect(stored[4]).toMatchObject({ text: '说明', content: { text: '稻田里养着鱼。' } });
    expect(stored[5].content).toEqual({ link: 'https://example.com/farm' });
  });

  it('answers each hotspot rule of spec 03 §5 with its message, in English and Chinese', async () => {
    await refusedSave(
      [{ ...hs(4, { text: 'x' }), HType: undefined }],
      'wfpf.vr.hotspot.typeRequired',
      'Please select a hotspot type',
      '请选择热点类型',
    );
    await refusedSave(
      [hs(1, {})],
      'wfpf.vr.hotspot.sceneRequired',
      'Please select a switch scene',
      '请选择切换场景',
    );
    await refusedSave([hs(2, {})], 'wfpf.vr.hotspot.deviceRequired', 'Please select a device', '请选择设备');
    await refusedSave(
      [hs(3, { images: [] })],
      'wfpf.vr.hotspot.albumRequired',
      'Please upload at least one picture',
      '请至少上传一张图片',
    );
    await refusedSave(
      [hs(4, { text: '   ' })],
      'wfpf.vr.hotspot.textRequired',
      'Please enter text content',
      '请输入文本内容',
    );
    await refusedSave(
      [hs(5, { link: ' ' })],
      'wfpf.vr.hotspot.linkRequired',
      'Please enter a hyperlink',
      '请输入超链接',
    );
    await refusedSave(
      [hs(5, { link: 'www.example.com' })],
      'wfpf.vr.hotspot.linkInvalid',
      'Please enter a correct full link starting with http or https',
      '请输入以 http 或 https 开头的完整链接',
    );
    await refusedSave(
      [hs(4, { text: 'x' }, { text: '题'.repeat(21) })],
      'wfpf.vr.hotspot.titleTooLong',
      'The hotspot title holds at most 20 characters',
    );
    await refusedSave(
      [hs(4, { text: 't'.repeat(2001) })],
      'wfpf.vr.hotspot.textTooLong',
      'The text holds at most 2000 characters',
    );
    const pic = await h.picture();
    await refusedSave(
      [hs(3, { images: Array.from({ length: 21 }, () => pic) })],
      'wfpf.vr.hotspot.albumTooMany',
      'An album holds at most 20 pictures',
    );
    await refusedSave(
      [hs(4, { text: 'x' }, { width: '101' })],
      'wfpf.vr.hotspot.sizeRange',
      'The icon size must be 0 to 2 times (0–100 px)',
    );
    await refusedSave(
      [hs(4, { text: 'x' }, { url: 'default' })],
      'wfpf.vr.hotspot.iconUnknown',
      'Choose one of the hotspot icons or upload an icon picture',
      '请选择热点图标或上传图标图片',
    );
    const twin = hs(4, { text: 'x' });
    await refusedSave(
      [twin, twin],
      'wfpf.vr.hotspot.nameTaken',
      `The hotspot name "${twin.name}" appears twice in this scene`,
    );
    await refusedSave(
      Array.from({ length: 101 }, () => hs(4, { text: 'x' })),
      'wfpf.vr.hotspot.tooMany',
      'A scene holds at most 100 hotspots',
    );
    // Boundaries that pass: title 20 (trimmed), text 2000, album 20, ftp link.
    const fine = [
      hs(4, { text: 't'.repeat(2000) }, { text: ` ${'题'.repeat(20)} ` }),
      hs(3, { images: Array.from({ length: 20 }, () => pic) }),
      hs(5, { link: 'ftp://files.example.com/a' }),
    ];
    expect((await save(a, fine)).statusCode).toBe(200);
  });

  it('refuses bad JSON and each view rule with its own message', async () => {
    const bad = (view: unknown, code: string, en: string, zh?: string) => refusedSave([], code, en, zh, view);
    await bad(
      '{not json',
      'wfpf.vr.view.json',
      'visualJson: the view settings are not valid JSON or lack a field',
    );
    await bad(
      { fov: 90 },
      'wfpf.vr.view.json',
      'visualJson: the view settings are not valid JSON or lack a field',
    );
    const v = VISUAL_DEFAULT;
    await bad(
      { ...v, fovmax: 181 },
      'wfpf.vr.view.fovRange',
      'The field of view must be between 0 and 180',
      '视场角须在 0 到 180 之间',
    );
    await bad(
      { ...v, fov: 20, fovmin: 30 },
      'wfpf.vr.view.fovInitial',
      'The initial field of view must be at least 1 and between the minimum and the maximum',
    );
    await bad(
      { ...v, fov: 0, fovmin: 0 },
      'wfpf.vr.view.fovInitial',
      'The initial field of view must be at least 1 and between the minimum and the maximum',
    );
    await bad(
      { ...v, vlookatmin: -91 },
      'wfpf.vr.view.vRange',
      'The vertical view and its limits must be between -90 and 90',
    );
    await bad(
      { ...v, vlookatmin: 30, vlookatmax: 30, vlookat: 30 },
      'wfpf.vr.view.vOrder',
      'The vertical top limit must be below the bottom one, with the initial view between them',
    );
    await bad(
      { ...v, hlookatmax: 200 },
      'wfpf.vr.view.hRange',
      'The horizontal view and its limits must be between -180 and 180',
    );
    await bad(
      { ...v, hlookatmin: 10, hlookatmax: 50, hlookat: 0 },
      'wfpf.vr.view.hOrder',
      'The horizontal left limit must be below the right one, with the initial view between them',
    );
    const notList = { ...h.sceneSave(await current(a.scenesId), []), hotSpotJson: '{"a":1}' };
    const body = await h.refused(400, 'wfpf.vr.hotspot.json', 'admin', 'PUT', 'panorama-scenes', notList);
    expect(body.message).toBe('hotSpotJson: the hotspots are not valid JSON or not well formed (not a list)');
    const garbled = { ...notList, hotSpotJson: '[{' };
    await h.refused(400, 'wfpf.vr.hotspot.json', 'admin', 'PUT', 'panorama-scenes', garbled);
  });

  it('accepts only targets, devices and pictures of this tenant and tour', async () => {
    const other = await h.tour([p1]);
    const [foreign] = await h.scenes(other.vrId);
    const code = 'wfpf.vr.hotspot.sceneTargetInvalid';
    await refusedSave(
      [hs(1, { scenesId: foreign?.scenesId })],
      code,
      'The switch scene must be another scene of this tour',
    );
    await refusedSave(
      [hs(1, { scenesId: a.scenesId })],
      code,
      'The switch scene must be another scene of this tour',
    );
    const devB = await h.device('aerator', 'B 的增氧机', {}, h.tB);
    const dev = 'wfpf.vr.hotspot.deviceNotFound';
    const msg = 'The chosen device does not exist or is not of that type';
    await refusedSave([hs(2, { device: { ...aerator(), concentratorId: devB } })], dev, msg);
    await refusedSave([hs(2, { device: { ...aerator(), deviceType: 'electric_valve' } })], dev, msg);
    const camB = await h.camera('B 的摄像头', h.tB);
    await refusedSave([hs(2, { device: { deviceType: 'camera', id: camB, name: 'x' } })], dev, msg);
    const picB = await h.picture('adminB', h.tB);
    const file = 'wfpf.vr.tour.fileNotOwn';
    await refusedSave(
      [hs(3, { images: [picB] })],
      file,
      'images: only pictures uploaded to this company can be used',
    );
    await refusedSave(
      [hs(3, { images: ['https://evil.example.com/a.jpg'] })],
      file,
      'images: only pictures uploaded to this company can be used',
    );
    const icon = 'wfpf.vr.tour.fileNotOwn';
    const iconMsg = 'url: only pictures uploaded to this company can be used';
    await refusedSave([hs(4, { text: 'x' }, { url: 'https://evil.example.com/pixel.png' })], icon, iconMsg);
    await refusedSave([hs(4, { text: 'x' }, { url: picB })], icon, iconMsg);
    expect((await save(a, [hs(4, { text: 'x' }, { url: await h.picture() })])).statusCode).toBe(200);
    const fake = picB.replace(`/${h.tB}/`, `/${h.tA}/`);
    await refusedSave(
      [hs(3, { images: [fake] })],
      file,
      'images: only pictures uploaded to this company can be used',
    );
  });

  it('saves with the optimistic lock: a stale version answers 409 and changes nothing', async () => {
    const now = await current(b.scenesId);
    const body = h.sceneSave(now, [hs(4, { text: '第一次' })]);
    expect((await h.call('admin', 'PUT', 'panorama-scenes', body)).statusCode).toBe(200);
    const stale = h.sceneSave(now, [hs(4, { text: '过期的' })]);
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', 'panorama-scenes', stale);
    expect((await current(b.scenesId)).hotSpotJson).toContain('第一次');
    // Another tenant cannot save it at all.
    await h.refused(
      404,
      undefined,
      'adminB',
      'PUT',
      'panorama-scenes',
      h.sceneSave(await current(b.scenesId), []),
      h.tB,
    );
  });

  it('answers a device hotspot state with labelled values; deleting a scene drops links to it; never the last', async () => {
    const third = await h.ok<Scene>('admin', 'POST', 'panorama-scenes', { vrId: vr.vrId, panoramaId: p1 });
    const link = hs(1, { scenesId: third.scenesId });
    const dev = hs(2, { device: aerator() });
    expect((await save(a, [link, dev, hs(4, { text: 'keep' })])).statusCode).toBe(200);
    const st = await h.ok<HotspotState>(
      'admin',
      'GET',
      `panorama-scenes/hotspot-state?scenesId=${a.scenesId}&name=${dev.name}`,
    );
    expect(st).toMatchObject({ name: '1 号增氧机', deviceType: 'aerator_ii', online: false });
    expect(st.values.find((x) => x.key === 'dissolvedOxygen')).toMatchObject({
      value: 6.5,
      unit: 'mg/L',
      label: 'Dissolved oxygen',
    });
    await h.refused(
      404,
      undefined,
      'admin',
      'GET',
      `panorama-scenes/hotspot-state?scenesId=${a.scenesId}&name=${link.name}`,
    );
    const before = await current(a.scenesId);
    expect(await h.ok('admin', 'DELETE', 'panorama-scenes', { scenesId: third.scenesId })).toBe(1);
    const after = await current(a.scenesId);
    expect(after.objectVersionNumber).toBe(before.objectVersionNumber + 1);
    expect(JSON.parse(after.hotSpotJson).map((x: { name: string }) => x.name)).toEqual([
      dev.name,
      expect.any(String),
    ]);
    // Down to one scene: the last one stays.
    await h.ok('admin', 'DELETE', 'panorama-scenes', { scenesId: b.scenesId });
    const last = { scenesId: a.scenesId };
    expect(
      (await h.refused(400, 'wfpf.vr.scene.atLeastOne', 'admin', 'DELETE', 'panorama-scenes', last)).message,
    ).toBe('At least one scene is required');
    const zh = await h.refused(
      400,
      'wfpf.vr.scene.atLeastOne',
      'admin',
      'DELETE',
      'panorama-scenes',
      last,
      h.tA,
      'zh-CN',
    );
    expect(zh.message).toBe('至少需要保留一个场景');
    expect((await h.scenes(vr.vrId)).length).toBe(1);
  });
});
