import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoExtras } from '../../modules/demo/demo.extras.js';
import { seedBase } from '../../modules/inventory/document/__tests__/doc-helpers.js';
import { seedProductsForSuites } from '../../modules/inventory/product/__tests__/product-helpers.js';
import {
  AERATOR_TYPES,
  INSECT_LAMP_TYPES,
  INVERTER_TYPES,
  SOIL_TYPES,
} from '../../modules/iot/device/device-family-paths.js';
import { KIND_TYPES } from '../../modules/iot/device-family/settings.service.js';
import { auth, HARNESS_TENANT_IDS, login, startTestServer, type TestServer, uploadFile } from '../harness.js';
import { fillPath } from '../routes.js';
import { insertVrRows } from './vr-rows.js';

// ARCHITECTURE §3 (issue 11): a PUT accepts the representation its own GET returns. Every PUT route is
// walked: its GET twin answers a real demo row, that JSON goes back unchanged and must be accepted (200,
// the row unchanged but for its version and update stamps), and one unknown key more is refused by name.

// Strategies must not fire on their own while rows are being compared.
process.env.TILTH_STRATEGY_TICK = '0';

type Item = Record<string, unknown>;

interface Twin {
  /** A GET answering a page (`content`) or an array: where a row to edit is found. */
  list: string;
  /** The row among the list's items (default: the first). */
  pick?: (item: Item) => boolean;
  /** The GET answering the row the PUT edits, `:id` ← the item's `key`; omitted: the list item itself. */
  get?: string;
  /** The item's id field (default `id`). */
  key?: string;
  /** A list URL's own `:id`: the id of the first item of this other list (e.g. a device's settings). */
  parent?: { list: string; pick?: (item: Item) => boolean };
  /** Ids of child rows the PUT replaces as a whole (a document's lines): renewed, so not compared. */
  renewed?: string[];
  /** Adds the row first where the demo data has none (given the parent's id). */
  prepare?: (parentId: unknown) => Promise<void>;
  /** Who reads and writes: the tenant administrator (default) or the platform administrator. */
  as?: 'platform';
  /** The PUT path's parameters when they are not `:id` ← the row's id (platform routes name the tenant). */
  pathOf?: (row: { id: unknown; parentId: unknown }) => Record<string, string | number>;
}

const T1 = '/wfpf/v1/:tenantId';
const E1 = '/wfpe/v1/:tenantId';
const E2 = '/wfpe/v2/:tenantId';
const ofTypes = (types: readonly string[]) => (d: Item) => types.includes(String(d.deviceType));
const DEVICES = `${E1}/device/page?size=1000`;

/** A VR tour made through the API (a processed panorama, a stored cover, a base), once; answers its id. */
let tourId: number | undefined;
const prepareTour = async (): Promise<void> => {
  if (tourId) return;
  const { panoramaId } = await insertVrRows(s.platform.database, A, 'roundtrip');
  const jpg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  const cover = (await uploadFile(s, token, A, 'cover.jpg', jpg)).json() as { fileUrl: string };
  const [base] = itemsOf(await get('/wfpf/v2/:tenantId/area'));
  const res = await s.inject({
    method: 'POST',
    url: fillPath(`${T1}/panorama-vr`, A),
    headers: auth(token),
    payload: { vrName: '回路 VR', vrCover: cover.fileUrl, areaId: [base?.areaId], panoramaIds: [panoramaId] },
  });
  expect(res.statusCode, res.body).toBe(200);
  tourId = (res.json() as { vrId: number }).vrId;
};

/** A category and an article in it, made through the API once. */
let articleMade = false;
const prepareArticle = async (): Promise<void> => {
  if (articleMade) return;
  await post(`${T1}/content/categories`, { categoryName: '回路分类', categoryEnName: 'Roundtrip' });
  const c = itemsOf(await get(`${T1}/content/categories`)).find((x) => x.categoryName === '回路分类');
  await post(`${T1}/content/articles`, {
    title: '回路文章',
    categoryId: c?.id as number,
    summary: '摘要',
    content: '<p>正文</p>',
    label: '标签',
    articleSource: '来源',
    carouselFlag: 1,
  });
  articleMade = true;
};

/** Each PUT route (`PUT url`) and where its representation is read. */
const TWINS: Record<string, Twin> = {
  // VR tours (issue 17): the tour's basics and a scene's view and hotspots.
  [`PUT ${T1}/panorama-vr`]: {
    list: `${T1}/panorama-vr`,
    get: `${T1}/panorama-vr/:id`,
    key: 'vrId',
    pick: (v) => v.vrName === '回路 VR',
    prepare: prepareTour,
  },
  [`PUT ${T1}/panorama-scenes`]: {
    get list() {
      return `${T1}/panorama-scenes?vrId=${tourId}`;
    },
    key: 'scenesId',
    prepare: prepareTour,
  },
  // Articles (issue 19): a category and an article made through the API.
  [`PUT ${T1}/content/categories`]: {
    list: `${T1}/content/categories`,
    pick: (c) => c.categoryName === '回路分类',
    prepare: () => prepareArticle(),
  },
  [`PUT ${T1}/content/articles`]: {
    list: `${T1}/content/articles?size=100`,
    get: `${T1}/content/articles/:id`,
    pick: (a) => a.title === '回路文章',
    prepare: () => prepareArticle(),
  },
  // Traceability catalogue (issue 18): the demo's products, lot, outlets and business profile.
  [`PUT ${T1}/trace/products`]: {
    list: `${T1}/trace/products`,
    get: `${T1}/trace/products/:id`,
    key: 'traceProductId',
  },
  [`PUT ${T1}/trace/batches`]: {
    list: `${T1}/trace/batches`,
    get: `${T1}/trace/batches/:id`,
    key: 'traceBatchId',
  },
  [`PUT ${T1}/trace/outlets`]: { list: `${T1}/trace/outlets?kind=online`, key: 'outletId' },
  [`PUT ${T1}/trace/business`]: { list: `${T1}/trace/business` },
  // A member with a phone (the demo's users): the PUT requires one.
  'PUT /iam/v1/:tenantId/users': {
    list: '/iam/v1/:tenantId/users?size=100',
    pick: (u) => u.phone !== null,
  },
  // Carbon (issue 18): a tenant factor, the settings (one row, seeded by the demo) and a manual entry.
  [`PUT ${T1}/carbon/factors`]: {
    list: `${T1}/carbon/factors?origin=own&size=0`,
    prepare: async () => {
      const own = itemsOf(await get(`${T1}/carbon/factors?origin=own&size=0`));
      if (own.length > 0) return;
      await post(`${T1}/carbon/factors`, {
        factorCode: 'electricity.grid',
        category: 'electricity',
        factorName: '回路电网',
        gas: 'CO2',
        value: 0.61,
        activityUnit: 'kWh',
        source: 'round trip',
        region: 'CN-SOUTH',
        validYear: 2024,
        uncertaintyPct: 5.5,
        stage: 'processing',
      });
    },
  },
  [`PUT ${T1}/carbon/settings`]: { list: `${T1}/carbon/settings` },
  // Pest knowledge (issue 19): the tenant's own entry (a platform entry's PUT makes the tenant's version).
  [`PUT ${T1}/agriculture/pest-knowledge/:knowledgeId`]: {
    list: `${T1}/agriculture/pest-knowledge?size=0`,
    pick: (k) => k.origin === 'tenant',
    get: `${T1}/agriculture/pest-knowledge/:id`,
    key: 'knowledgeId',
    prepare: async () => {
      const own = itemsOf(await get(`${T1}/agriculture/pest-knowledge?size=0`)).filter(
        (k) => k.origin === 'tenant',
      );
      if (own.length > 0) return;
      await post(`${T1}/agriculture/pest-knowledge`, {
        code: 'roundtrip-mite',
        kind: 'pest',
        nameZh: '回路螨',
        nameEn: 'Round-trip mite',
        cropsZh: ['番茄'],
        cropsEn: ['Tomato'],
        controlZh: '清除杂草',
        ingredients: ['阿维菌素'],
      });
    },
    pathOf: ({ id }) => ({ knowledgeId: String(id) }),
  },
  [`PUT ${T1}/carbon/entries`]: { list: `${T1}/carbon/entries?size=0` },
  [`PUT ${T1}/area`]: { list: '/wfpf/v2/:tenantId/area', get: `${T1}/area/:id`, key: 'areaId' },
  [`PUT ${T1}/land`]: { list: `${T1}/land`, get: `${T1}/land/:id`, key: 'landId' },
  [`PUT ${T1}/batch`]: { list: `${T1}/batch`, get: `${T1}/batch/:id`, key: 'batchId' },
  // Inventory base data (issue 15): rows added first where the demo data has none.
  [`PUT ${T1}/inventory/unit/:id`]: {
    list: `${T1}/inventory/unit?size=0`,
    get: `${T1}/inventory/unit/:id`,
    prepare: () => post(`${T1}/inventory/unit`, { unitName: '回路件', unitCode: 'RT_UNIT' }),
  },
  [`PUT ${T1}/inventory/standard/:id`]: {
    list: `${T1}/inventory/standard?size=0`,
    get: `${T1}/inventory/standard/:id`,
    prepare: () =>
      post(`${T1}/inventory/standard`, {
        standardName: '回路属性',
        values: [{ valueName: '甲' }, { valueName: '乙' }],
      }),
  },
  [`PUT ${T1}/inventory/store/:id`]: {
    list: `${T1}/inventory/store?size=0`,
    get: `${T1}/inventory/store/:id`,
    prepare: () =>
      post(`${T1}/inventory/store`, {
        warehouseCode: 'RT_WH',
        warehouseName: '回路仓',
        minStock: 1.5,
        maxStock: 9,
      }),
  },
  [`PUT ${T1}/inventory/shops/:id`]: {
    list: `${T1}/inventory/shops?size=0`,
    get: `${T1}/inventory/shops/:id`,
    prepare: () =>
      post(`${T1}/inventory/shops`, { shopCode: 'RT_SHOP', shopName: '回路店', phone: '020-1234' }),
  },
  [`PUT ${T1}/inventory/businesses/:id`]: {
    list: `${T1}/inventory/businesses?size=0`,
    get: `${T1}/inventory/businesses/:id`,
    prepare: () =>
      post(`${T1}/inventory/businesses`, {
        businessCode: 'RT_BIZ',
        businessName: '回路单位',
        category: 'both',
      }),
  },
  // A configured rule (a default row turns into a rule when saved, so it is not the same row).
  [`PUT ${T1}/inventory/bill/:docType`]: {
    list: `${T1}/inventory/bill`,
    pick: (r) => r.configured === true,
    key: 'docType',
    prepare: async () => {
      const res = await s.inject({
        method: 'PUT',
        url: fillPath(`${T1}/inventory/bill/return`, A),
        headers: auth(token),
        payload: { prefix: 'RT', separator: '-', datePattern: 'yyyyMM', serialLength: 4, startValue: 1 },
      });
      // 400 versionRequired: the demo data configured it already.
      expect([200, 400], res.body).toContain(res.statusCode);
    },
    pathOf: ({ id }) => ({ docType: String(id) }),
  },
  // Cameras (issue 16): rows added first where the demo data has none.
  [`PUT ${E1}/camera`]: {
    list: `${E1}/camera/tenant?relation=owner&size=0`,
    get: `${E1}/camera/:id`,
    prepare: () =>
      post(`${E1}/camera`, {
        name: '回路摄像头',
        deviceSerial: 'RT_CAM',
        cameraType: 0,
        cameraEnter: 5,
        provider: 'demo',
        config: { rtspUrl: 'rtsp://127.0.0.1/x', password: 'secret' },
      }),
  },
  // Camera platform access: set up first (the demo data has none); secrets are kept when left out.
  [`PUT ${E1}/camera/platform/:provider`]: {
    list: `${E1}/camera/platform`,
    pick: (p) => p.configured === true,
    key: 'provider',
    prepare: async () => {
      const res = await s.inject({
        method: 'PUT',
        url: fillPath(`${E1}/camera/platform/ezviz`, A),
        headers: auth(token),
        payload: { config: { baseUrl: 'https://203.0.113.10', appKey: 'k', appSecret: 's' } },
      });
      // 400 versionRequired: set up already.
      expect([200, 400], res.body).toContain(res.statusCode);
    },
    pathOf: ({ id }) => ({ provider: String(id) }),
  },
  [`PUT ${E1}/camera/template`]: {
    list: `${E1}/camera/template`,
    prepare: () => post(`${E1}/camera/template`, { name: '回路分屏', layout: 4, cells: [] }),
  },
  [`PUT ${E2}/device/camera/timing`]: {
    list: `${E2}/device/camera/timing/list?size=0`,
    prepare: async () => {
      await post(`${E1}/camera`, {
        name: '回路定时',
        deviceSerial: 'RT_CAM_T',
        cameraType: 1,
        cameraEnter: 5,
      });
      const cams = itemsOf(await get(`${E1}/camera/tenant?relation=owner&size=0`));
      await post(`${E2}/device/camera/timing`, { cameraId: cams[0]?.id, intervalMin: 60, durationMin: 600 });
    },
  },
  [`PUT ${T1}/inventory/option`]: { list: `${T1}/inventory/option` },
  [`PUT ${T1}/agricultural/input`]: {
    list: `${T1}/agricultural/input`,
    get: `${T1}/agricultural/input/:id`,
    key: 'inputId',
  },
  [`PUT ${T1}/agricultural/warehousing`]: {
    list: `${T1}/agricultural/warehousing`,
    // The demo has a receipt in approval (issue 14): that one answers 409 to any edit.
    pick: (d) => d.auditState !== 'submitted',
    get: `${T1}/agricultural/warehousing/:id`,
    key: 'docId',
    renewed: ['lineId'],
  },
  [`PUT ${T1}/agricultural/shipment`]: {
    list: `${T1}/agricultural/shipment`,
    get: `${T1}/agricultural/shipment/:id`,
    key: 'docId',
    renewed: ['lineId'],
  },
  [`PUT ${T1}/inventory/documents/:id`]: {
    // A draft (approved documents refuse edits); its lines are replaced as a whole, so their ids are new.
    list: `${T1}/inventory/documents?auditState=draft&size=0`,
    get: `${T1}/inventory/documents/:id`,
    renewed: ['id'],
    // Without the inventory demo seeds: base rows of its own and a draft.
    prepare: async () => {
      const drafts = (await get(`${T1}/inventory/documents?auditState=draft&size=1`)) as {
        content: unknown[];
      };
      if (drafts.content.length > 0) return;
      const b = await seedBase(s, A, 'RT_');
      await post(`${T1}/inventory/documents`, {
        docType: 'purchase_request',
        warehouseId: b.w1,
        lines: [{ skuId: b.apple, unitId: b.box, quantity: 2, unitPrice: 24 }],
      });
    },
  },
  [`PUT ${T1}/inventory/product/:id`]: {
    list: `${T1}/inventory/product`,
    get: `${T1}/inventory/product/:id`,
    // The demo products (idempotent), with the units they name, until the demo seeds them.
    prepare: () =>
      seedProductsForSuites(s.platform.database, {
        demoTenant: A,
        secondTenant: s.fixtures.tenantB,
        users: { demo: s.fixtures.users.adminA.id },
      }),
  },
  [`PUT ${T1}/approval-definitions`]: {
    list: `${T1}/approval-definitions`,
    // An enabled flow refuses edits (409, spec 03 §4): the demo's draft.
    pick: (d) => d.enabledFlag === 0,
    get: `${T1}/approval-definitions/:id`,
  },
  [`PUT ${T1}/crop`]: { list: `${T1}/crop/page`, get: `${T1}/crop/:id`, key: 'cropId' },
  [`PUT ${T1}/variety`]: { list: `${T1}/variety/page`, get: `${T1}/variety/:id`, key: 'varietyId' },
  [`PUT ${T1}/task-type`]: { list: `${T1}/task-type/page`, get: `${T1}/task-type/:id`, key: 'taskTypeId' },
  [`PUT ${T1}/seed`]: { list: `${T1}/seed/page`, get: `${T1}/seed/:id`, key: 'seedId' },
  [`PUT ${T1}/task`]: { list: `${T1}/task`, get: `${T1}/task/:id`, key: 'taskId' },
  [`PUT ${T1}/plan-package`]: {
    list: `${T1}/plan-package`,
    get: `${T1}/plan-package/:id`,
    key: 'packageId',
    renewed: ['taskId'],
  },
  [`PUT ${T1}/plan`]: { list: `${T1}/plan`, get: `${T1}/plan/info/:id`, key: 'planId' },
  [`PUT ${T1}/log`]: { list: `${T1}/log`, get: `${T1}/log/:id`, key: 'logId' },
  [`PUT ${T1}/worker`]: { list: `${T1}/worker`, get: `${T1}/worker/:id`, key: 'workerId' },
  [`PUT ${T1}/activity`]: { list: `${T1}/activity`, get: `${T1}/activity/:id`, key: 'activityId' },
  [`PUT ${T1}/tenant-screen`]: {
    list: `${T1}/tenant-screen`,
    // The demo has no screens: one is added.
    prepare: () =>
      post(`${T1}/tenant-screen`, { screenName: '大屏', screenAddress: 'https://example.com/s' }),
  },
  [`PUT ${T1}/organization`]: { list: `${T1}/organization/tree` },
  [`PUT ${T1}/corporation`]: { list: `${T1}/corporation`, get: `${T1}/corporation/:id` },
  [`PUT ${T1}/application`]: { list: `${T1}/application`, get: `${T1}/application/:id` },
  [`PUT ${T1}/data-push`]: { list: `${T1}/data-push`, get: `${T1}/data-push/:id` },
  'PUT /iam/v1/:tenantId/roles': { list: '/iam/v1/:tenantId/roles' },
  'PUT /hmsg/v1/:tenantId/notices/:id': {
    list: '/hmsg/v1/:tenantId/notices',
    get: '/hmsg/v1/:tenantId/notices/:id',
    // The demo's announcements are the platform's; the tenant writes its own.
    prepare: () => post('/hmsg/v1/:tenantId/notices', { title: '春耕安排', noticeBody: '<p>按计划备耕</p>' }),
  },
  [`PUT ${T1}/tenant/settings`]: { list: `${T1}/tenant/settings` },
  [`PUT ${E1}/warning/rule`]: { list: `${E1}/warning/rule`, get: `${E1}/warning/rule/:id` },
  [`PUT ${E1}/warning/staff`]: { list: `${E1}/warning/staff` },
  [`PUT ${E1}/intelligent/strategy`]: {
    list: `${E1}/intelligent/strategy`,
    get: `${E1}/intelligent/strategy/:id`,
  },
  [`PUT ${E1}/intelligent/group`]: { list: `${E1}/intelligent/group`, get: `${E1}/intelligent/group/:id` },
  [`PUT ${E1}/sim`]: { list: `${E1}/sim`, get: `${E1}/sim/:id` },
  [`PUT ${E1}/insect-statistics`]: {
    list: `${E1}/insect-statistics/page?size=0`,
    // Only manual entries are edited by PUT (photo records are drawn on); the demo has photo records only.
    pick: (r) => r.source === 'manual',
    prepare: () =>
      post(`${E1}/insect-statistics`, {
        takenAt: '2026-05-01 08:00:00',
        counts: [{ name: '蚜虫', count: 3 }],
        description: '手工统计',
      }),
  },
  [`PUT ${E1}/device/switch`]: {
    list: `${E1}/device/switch?concentratorId=:id`,
    key: 'switchId',
    parent: { list: DEVICES, pick: (d) => d.eui === 'SIM-GW-PY01' },
  },
  [`PUT ${E1}/device`]: { list: DEVICES, get: `${E1}/device/:id/details` },
  [`PUT ${E1}/device/mar/edit`]: { list: `${E1}/device/mar/list`, get: `${E1}/device/mar/:id/details` },
  [`PUT ${E1}/device/soil`]: { list: DEVICES, pick: ofTypes(SOIL_TYPES), get: `${E1}/device/soil/:id` },
  [`PUT ${E2}/lora-gateway`]: { list: `${E2}/lora-gateway/list`, get: `${E2}/lora-gateway/:id/details` },
  [`PUT ${E2}/lora-node`]: { list: `${E2}/lora-node/list`, get: `${E2}/lora-node/:id/details` },
  [`PUT ${E2}/device/insecticidal`]: {
    list: `${E2}/device/insecticidal/page`,
    get: `${E2}/device/insecticidal/:id/details`,
  },
  [`PUT ${E1}/insect-situation-lamp`]: { list: DEVICES, pick: ofTypes(INSECT_LAMP_TYPES) },
  [`PUT ${E1}/inverter`]: { list: DEVICES, pick: ofTypes(INVERTER_TYPES), get: `${E1}/inverter/:id` },
  [`PUT ${E1}/aerator`]: { list: DEVICES, pick: ofTypes(AERATOR_TYPES), get: `${E1}/aerator/:id` },
  [`PUT ${E2}/regulator/open`]: { list: `${E2}/regulator/open`, get: `${E2}/regulator/open/:id` },
  [`PUT ${E1}/aerator/pump`]: {
    list: `${E1}/aerator/:id/pumps`,
    parent: { list: DEVICES, pick: ofTypes(AERATOR_TYPES) },
  },
  [`PUT ${E2}/aerator/open`]: {
    list: `${E2}/aerator/open?regulatorId=:id`,
    parent: { list: DEVICES, pick: ofTypes(AERATOR_TYPES) },
  },
  [`PUT ${E1}/fertilizer/program`]: {
    list: `${E1}/fertilizer/:id/program`,
    parent: { list: DEVICES, pick: ofTypes(['water-fertilizer']) },
  },
  [`PUT ${E1}/fertilizer/method`]: {
    list: `${E1}/fertilizer/:id/method`,
    parent: { list: DEVICES, pick: ofTypes(['water-fertilizer']) },
  },
  [`PUT ${E1}/fertilizer/controller`]: {
    list: `${E1}/fertilizer/:id/controller`,
    parent: { list: DEVICES, pick: ofTypes(KIND_TYPES.controller) },
    // The demo seeds programs and methods only.
    prepare: (deviceId) =>
      post(`${E1}/fertilizer/controller`, { deviceId, name: '控制器', data: { model: 'X1', channels: 8 } }),
  },
  [`PUT ${E1}/device/rtu/strategy`]: {
    list: `${E1}/device/rtu/:id/strategy`,
    parent: { list: DEVICES, pick: (d) => d.eui === 'SIM-GW-PY01' },
    // The demo seeds no RTU strategy: one on the gateway's first switch.
    prepare: async (deviceId) => {
      const sw = await firstOf(`${E1}/device/switch?concentratorId=:id`, undefined, deviceId);
      await post(`${E1}/device/rtu/strategy`, {
        deviceId,
        name: '低水位开泵',
        data: { switchId: sw.switchId, circuit: sw.circuit, sw: 1 },
      });
    },
  },
};

// The platform administrator's routes (outside any tenant; `:id` is the tenant acted on).
const P = '/wfpf/v1/platform/tenants';
const TENANT_A = { list: `${P}?size=100`, pick: (t: Item) => t.id === HARNESS_TENANT_IDS.a };
Object.assign(TWINS, {
  [`PUT ${P}/:id`]: { as: 'platform', ...TENANT_A, get: `${P}/:id` },
  [`PUT ${P}/:id/domains/:domainName`]: {
    as: 'platform',
    parent: TENANT_A,
    list: `${P}/:id/domains`,
    key: 'domainName',
    prepare: (tenantId) =>
      post(
        `${P}/${String(tenantId)}/domains`,
        { domainName: 'roundtrip.example.com', brand: { loginTitle: 'R' } },
        'platform',
      ),
    pathOf: ({ id, parentId }) => ({ id: Number(parentId), domainName: String(id) }),
  },
  [`PUT ${P}/:id/screens`]: {
    as: 'platform',
    parent: TENANT_A,
    list: `${P}/:id/screens`,
    prepare: (tenantId) =>
      post(
        `${P}/${String(tenantId)}/screens`,
        { screenName: '大屏', screenAddress: 'https://example.com/p' },
        'platform',
      ),
    pathOf: ({ parentId }) => ({ id: Number(parentId) }),
  },
} satisfies Record<string, Twin>);

/** PUTs that edit no representation a GET answers, each reviewed: what they take instead. */
const NO_TWIN: Record<string, string> = {
  [`PUT ${T1}/trace/products/:traceProductId/enabled`]:
    'a command: enables or disables the product ({enabledFlag, objectVersionNumber}); the product PUT takes its GET',
  [`PUT ${T1}/content/categories/order`]:
    "a command: one parent's category order ({parentId, ids}); each category's own PUT takes its GET",
  [`PUT ${T1}/panorama-scenes/order`]:
    "a command: the scene strip's order ({vrId, scenesIds}); each scene's own PUT takes its GET",
  [`PUT ${T1}/content/picture-folders`]:
    'a partial edit (folderName by folderId); the list answers folders with their picture counts',
  [`PUT ${T1}/content/pictures`]:
    'a partial edit (pictureName, folderId by pictureId); the rest of the picture is made by the server from its upload',
  [`PUT ${T1}/content/banners`]:
    'takes the banner as the list answers it (no single-banner GET); banner.test.ts sends a listed banner back',
  [`PUT ${T1}/content/banners/order`]:
    "a command: a placement's banner order ({placement, bannerIds}); each banner's own PUT takes its listing",
  [`PUT ${T1}/content/videos`]:
    'a partial edit (videoName, description by videoId); the rest of the video is measured by the server from its upload',
  [`PUT ${T1}/panorama`]:
    'a partial edit (panoramaName, enabledFlag by panoramaId); the rest of the panorama is made by the server from its upload',
  'PUT /iam/stong/v1/users/default-tenant': 'a setting in the query (tenantId); no body',
  'PUT /iam/v1/users/tenant-id': 'a setting in the query (tenantId); no body',
  'PUT /iam/stong/v1/users/real-name': 'a setting in the query (realName); no body',
  'PUT /iam/stong/v1/users/avatar': 'a setting in the query (avatar); no body',
  'PUT /iam/stong/v1/users/password': 'a command (old and new password); nothing to read back',
  'PUT /iam/v1/:tenantId/members/:userId/roles': "a command: replaces a member's role ids ({roleIds})",
  'PUT /iam/v1/:tenantId/users/:userId/enabled':
    "a command: sets the member's flag in the tenant ({enabled})",
  'PUT /wfpe/v1/:tenantId/intelligent/group/:id/members':
    "a command: replaces a group's member list ({members}); the group's own PUT takes its GET",
  'PUT /wfpe/v2/:tenantId/device/concentrator/upd/res': 'a command: links devices to a concentrator',
  [`PUT ${T1}/organization/:id/members`]: "a command: replaces a unit's staff ({userIds})",
  [`PUT ${T1}/organization/user-units/:userId`]: "a command: replaces a member's units ({unitIds})",
  [`PUT ${T1}/approval-definitions/:id/enable`]:
    "a command: enables a flow ({objectVersionNumber}) after checking it; the flow's own PUT takes its GET",
  [`PUT ${T1}/approval-definitions/:id/disable`]:
    "a command: disables a flow ({objectVersionNumber}); the flow's own PUT takes its GET",
  [`PUT ${T1}/approval-bindings`]:
    'a command: binds one document type ({docType, definitionId, objectVersionNumber}); the GET lists every type',
  [`PUT ${T1}/agricultural/warehousing/submit/:id`]:
    'a command: sends a draft or rejected receipt into approval; no body',
  [`PUT ${T1}/agricultural/shipment/submit/:id`]:
    'a command: sends a draft or rejected issue into approval; no body',
  [`PUT ${T1}/plan/submit/:id`]: 'a command: sends a withdrawn or rejected plan into approval; no body',
  'PUT /wfpf/v1/platform/tenants/:id/enabled':
    "a command: sets a tenant's flag ({enabled, objectVersionNumber}); the tenant's own PUT takes its GET",
  // Approval actions (spec 01 §7 uses PUT for approve/reject): commands on a task or process, no representation.
  [`PUT ${T1}/approval-task/approve/:id`]: 'a command: decides a task ({comment, objectVersionNumber})',
  [`PUT ${T1}/approval-task/reject/:id`]: 'a command: decides a task ({target, comment})',
  [`PUT ${T1}/approval-task/transfer/:id`]: 'a command: hands a task to another member ({userId})',
  [`PUT ${T1}/approval-task/add-signer/:id`]: 'a command: adds signers to a task ({userIds, position})',
  [`PUT ${T1}/approval-task/read/:id`]: 'a command: marks a copy read; no body',
  [`PUT ${T1}/approval-process/withdraw/:id`]: 'a command: the applicant withdraws a process ({comment})',
  [`PUT ${T1}/approval-process/remind/:id`]: 'a command: the applicant reminds the approvers',
};

/** Fields an update may change on its own: the version and the update stamps. */
const STAMPS = ['objectVersionNumber', 'lastUpdateDate', 'lastUpdatedBy', 'lastUpdatedByName'];
const without = (v: unknown, keys: ReadonlySet<string>): unknown => {
  if (Array.isArray(v)) return v.map((x) => without(x, keys));
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v as Item)
      .filter(([k]) => !keys.has(k))
      .map(([k, x]) => [k, without(x, keys)]),
  );
};

let s: TestServer;
let A: number;
let token: string;
let platformToken: string;
const tokenOf = (as: Twin['as']) => (as === 'platform' ? platformToken : token);

const get = async (url: string, as?: Twin['as']): Promise<unknown> => {
  const res = await s.inject({ method: 'GET', url: fillPath(url, A), headers: auth(tokenOf(as)) });
  expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
  return res.json();
};
const post = async (url: string, payload: Item, as?: Twin['as']): Promise<void> => {
  const res = await s.inject({
    method: 'POST',
    url: fillPath(url, A),
    headers: auth(tokenOf(as)),
    payload,
  });
  expect(res.statusCode, `POST ${url}: ${res.body}`).toBe(200);
};
/** The rows of a list answer: an array, a page's `content`, or a single object (a settings GET). */
const itemsOf = (v: unknown): Item[] => {
  if (Array.isArray(v)) return v as Item[];
  const page = v as { content?: unknown[] };
  return (Array.isArray(page.content) ? page.content : [v]) as Item[];
};
const firstOf = async (
  list: string,
  pick: (i: Item) => boolean = () => true,
  id?: unknown,
  as?: Twin['as'],
) => {
  const url = id === undefined ? list : list.replace(':id', String(id));
  const item = itemsOf(await get(url, as)).find(pick);
  expect(item, `a row in ${url}`).toBeDefined();
  return item as Item;
};

/** The representation the PUT edits, and the URL of the GET that answers it. */
const representation = async (
  twin: Twin,
): Promise<{ body: Item; read: () => Promise<unknown>; id: unknown; parentId: unknown }> => {
  const parentId = twin.parent
    ? (await firstOf(twin.parent.list, twin.parent.pick, undefined, twin.as)).id
    : undefined;
  await twin.prepare?.(parentId);
  const item = await firstOf(twin.list, twin.pick, parentId, twin.as);
  const id = item[twin.key ?? 'id'];
  const key = twin.key ?? 'id';
  const reread = async (): Promise<unknown> => {
    if (twin.get) return get(twin.get.replace(':id', String(id)), twin.as);
    return itemsOf(await get(twin.list.replace(':id', String(parentId)), twin.as)).find((i) => i[key] === id);
  };
  return { body: (await reread()) as Item, read: reread, id, parentId };
};

beforeAll(async () => {
  s = await startTestServer();
  A = s.fixtures.tenantA;
  const u = s.fixtures.users;
  const ids = {
    demoTenant: A,
    secondTenant: s.fixtures.tenantB,
    users: { demo: u.adminA.id, operator: u.operatorA.id, viewer: u.viewerA.id },
  };
  for (const extra of demoExtras) await extra(s.platform.database, ids);
  token = await login(s, 'adminA');
  platformToken = await login(s, 'platform');
}, 180_000);
afterAll(async () => {
  await s.close();
});

describe('a PUT accepts the representation its own GET returns', () => {
  it('every PUT route has a GET twin or a reviewed reason', () => {
    const puts = s.routes.filter((r) => r.method === 'PUT').map((r) => `PUT ${r.url}`);
    expect(puts.length).toBeGreaterThan(40);
    const orphans = puts.filter((k) => !TWINS[k] && !NO_TWIN[k]);
    expect(orphans).toEqual([]);
    // A listed route that no longer exists is a stale entry.
    expect([...Object.keys(TWINS), ...Object.keys(NO_TWIN)].filter((k) => !puts.includes(k))).toEqual([]);
  });

  it('OpenAPI shows the writable fields and marks the read-only ones', async () => {
    const doc = (await s.inject({ method: 'GET', url: '/api-docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    const schema = doc.paths['/wfpf/v1/{tenantId}/area']?.put?.requestBody?.content['application/json']
      ?.schema as { properties: Record<string, { readOnly?: boolean }>; additionalProperties: boolean };
    expect(schema.properties.creationDate?.readOnly).toBe(true);
    expect(schema.properties.areaName).toBeDefined();
    expect(schema.properties.areaName?.readOnly).toBeUndefined();
    expect(schema.additionalProperties).toBe(false);
  });

  it.each(Object.entries(TWINS))(
    '%s: GET → PUT unchanged is 200; an unknown key is 400',
    async (key, twin) => {
      const url = key.slice('PUT '.length);
      const { body, read, id, parentId } = await representation(twin);
      const values = twin.pathOf
        ? twin.pathOf({ id, parentId })
        : id === undefined
          ? {}
          : { id: id as number };
      const putUrl = fillPath(url, A, values);
      const put = (payload: Item) =>
        s.inject({
          method: 'PUT',
          url: putUrl,
          headers: { ...auth(tokenOf(twin.as)), 'accept-language': 'en-US' },
          payload,
        });

      const res = await put(body);
      expect(res.statusCode, res.body).toBe(200);
      const after = await read();
      const ignored = new Set([...STAMPS, ...(twin.renewed ?? [])]);
      expect(without(after, ignored)).toEqual(without(body, ignored));

      const current = after as Item;
      const bad = await put({ ...current, notAField: 1 });
      expect(bad.statusCode, bad.body).toBe(400);
      expect((bad.json() as { message: string }).message).toContain('notAField');
      // Refused means unchanged.
      expect(await read()).toEqual(after);
    },
  );
});
