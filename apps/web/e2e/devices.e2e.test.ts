import mqtt, { type MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import { settleLatestAnnouncement, signIn, toast } from './helpers.js';

// The device story of issue 5, with a real MQTT client as the gateway: register a gateway, watch a value
// change live in its data dialog, switch a relay and see the device's confirmation, then see an alarm
// raised by a reading and acknowledge it. The API is used to set up the gateway, its switch and the alarm
// rule, and to check facts on the server after the console acted.

interface Credentials {
  username: string;
  password: string;
  clientId: string;
  topics: { up: string; status: string; down: string; ack: string };
}

let e: E2E;
let page: Page;
let device: MqttClient | undefined;
let headers: Record<string, string>;
let tenantId: number;
let seq = 0;
let areaId: number | null = null;

const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${e.baseUrl}/wfpe/v1/${tenantId}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
};

const publish = async (creds: Credentials, values: Record<string, number>) => {
  seq += 1;
  await device?.publishAsync(creds.topics.up, JSON.stringify({ ts: Date.now(), seq, values }), { qos: 1 });
};

beforeAll(async () => {
  e = await startE2E();
  page = await newPage(e);
  const origin = new URL(e.baseUrl).origin;
  await page.context().route(
    (u) => u.origin !== origin,
    (r) => r.abort(),
  );
});

const signInAsDemo = async () => {
  await signIn(e, page, 'demo', 'demo1234');
  await settleLatestAnnouncement(page);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const self = (await (await fetch(`${e.baseUrl}/iam/stong/v1/users/self`, { headers })).json()) as {
    tenantId: number;
  };
  tenantId = self.tenantId;
  // The base chosen in the shell; device lists start filtered to it.
  const area = await page.evaluate(() => sessionStorage.getItem('area'));
  areaId = area ? (JSON.parse(area) as { areaId: number }).areaId : null;
};

afterAll(async () => {
  await device?.endAsync();
  await e?.close();
});

describe('a farm operator watches and controls a gateway', () => {
  let creds: Credentials;
  let gatewayId: number;
  let switchId: number;

  it('registers a gateway whose credentials let the device connect', async () => {
    await signInAsDemo();
    const created = await api<{ device: { id: number }; credentials: Credentials }>('POST', '/device', {
      deviceType: 'gateway',
      name: '大棚网关 E2E',
      eui: 'E2E-GW-0001',
      areaId,
      lat: 22.96,
      lng: 113.34,
    });
    creds = created.credentials;
    gatewayId = created.device.id;
    const sw = await api<{ switchId: number }>('POST', '/device/switch', {
      concentratorId: gatewayId,
      name: '1号水泵开关',
      circuit: 1,
      switchTypeName: 'regular',
    });
    switchId = sw.switchId;
    await api('POST', '/warning/rule', {
      name: '网关电压过高',
      kind: 'threshold',
      deviceId: gatewayId,
      metric: 'supplyVoltage',
      op: 'gt',
      threshold: 30,
      durationMin: 0,
      severity: 'critical',
    });
    device = await mqtt.connectAsync(`mqtt://127.0.0.1:${e.server.mqttPort}`, {
      username: creds.username,
      password: creds.password,
      clientId: creds.clientId,
      will: { topic: creds.topics.status, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    // The gateway obeys commands: accepted, then done with the new switch state.
    await device.subscribeAsync(creds.topics.down, { qos: 1 });
    device.on('message', (_topic, payload) => {
      const cmd = JSON.parse(payload.toString()) as { cmdId: string; params: Record<string, number> };
      const ack = (body: object) => device?.publish(creds.topics.ack, JSON.stringify(body), { qos: 1 });
      ack({ cmdId: cmd.cmdId, ok: true, stage: 'accepted' });
      setTimeout(() => ack({ cmdId: cmd.cmdId, ok: true, stage: 'done' }), 300);
    });
    await device.publishAsync(creds.topics.status, '{"online":true}', { qos: 1, retain: true });
    await publish(creds, { supplyVoltage: 12.1 });
    await expect
      .poll(async () => (await api<{ online: number }>('GET', `/device/${gatewayId}/details`)).online)
      .toBe(1);
  });

  it('shows a new reading in the open data dialog without a reload', async () => {
    await page.goto(`${e.baseUrl}/web/equipment/gateway`);
    const row = page.getByRole('row').filter({ hasText: '大棚网关 E2E' });
    await row.waitFor();
    await page.locator('[data-testid=device-live][data-state=live]').first().waitFor();
    await row.getByRole('button', { name: /^数\s?据$/ }).click();
    const value = page.locator('[data-testid=device-datum-supplyVoltage] [data-testid=device-datum-value]');
    await expect.poll(() => value.textContent()).toContain('12.1');
    await publish(creds, { supplyVoltage: 13.7 });
    await expect.poll(() => value.textContent()).toContain('13.7');
    await screenshot(page, 'devices-1-live-value');
  });

  it('switches a relay and shows it confirmed by the device', async () => {
    await page.locator('.ant-modal').getByRole('tab', { name: '控制设备' }).click();
    const open = page.getByTestId(`switch-${switchId}-sw-1`);
    await open.waitFor();
    await open.click();
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => page.getByTestId(`switch-status-${switchId}`).textContent()).toContain('开');
    await screenshot(page, 'devices-2-switch-confirmed');
    const log = await api<{ content: { state: string; action: string }[] }>(
      'GET',
      `/device/control-log?deviceId=${gatewayId}`,
    );
    expect(log.content[0]?.state).toBe('done');
    await page.keyboard.press('Escape');
  });

  it('raises an alarm from a reading and lets the operator acknowledge it', async () => {
    await publish(creds, { supplyVoltage: 36.5 });
    await expect
      .poll(
        async () =>
          (await api<{ content: unknown[] }>('GET', `/warning/alarm?deviceId=${gatewayId}&state=active`))
            .content.length,
      )
      .toBe(1);
    await page.goto(`${e.baseUrl}/web/equipment/warning-manage`);
    const row = page.getByRole('row').filter({ hasText: '大棚网关 E2E' });
    await row.waitFor();
    await screenshot(page, 'devices-3-alarm-raised');
    await row.getByRole('button', { name: /^确\s?认$/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '确认告警' });
    await dialog.locator('textarea').fill('已检查稳压器');
    await dialog
      .getByRole('button', { name: /确\s?定|确\s?认|OK/ })
      .last()
      .click();
    await toast(page, '已确认').waitFor();
    await expect
      .poll(async () => {
        const r = await api<{ content: { acknowledgedAt: string | null }[] }>(
          'GET',
          `/warning/alarm?deviceId=${gatewayId}`,
        );
        return r.content[0]?.acknowledgedAt != null;
      })
      .toBe(true);
    await screenshot(page, 'devices-4-alarm-acknowledged');
  });
});
