import { describe, expect, it } from 'vitest';
import {
  askPrefill,
  candidatesLine,
  durationKey,
  fileIdOf,
  photoProblem,
  plainToHtml,
  threadActions,
} from './inquiryText';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const DAY = 86_400_000;

describe('inquiry page helpers', () => {
  it('turns a typed answer into escaped paragraphs', () => {
    expect(plainToHtml('Spray <b>MgSO4</b> & water\nweekly\n\nCheck pH')).toBe(
      '<p>Spray &lt;b&gt;MgSO4&lt;/b&gt; &amp; water<br>weekly</p><p>Check pH</p>',
    );
    expect(plainToHtml('   \n\n  ')).toBe('');
  });

  it('says durations in the two largest units', () => {
    expect(durationKey(30)).toEqual({ key: 'inquiry:duration.m', values: { m: 1 } });
    expect(durationKey(3 * 3600 + 25 * 60)).toEqual({ key: 'inquiry:duration.hm', values: { h: 3, m: 25 } });
    expect(durationKey(2 * 86_400 + 5 * 3600)).toEqual({
      key: 'inquiry:duration.dh',
      values: { d: 2, h: 5 },
    });
  });

  it('refuses photos that are not JPG/PNG or over 10 MB before upload', () => {
    const file = (type: string, size: number) => ({ type, size }) as File;
    expect(photoProblem(file('image/png', 1000))).toBeNull();
    expect(photoProblem(file('image/jpeg', 10 * 1024 * 1024))).toBeNull();
    expect(photoProblem(file('image/gif', 1000))).toBe('type');
    expect(photoProblem(file('image/jpeg', 10 * 1024 * 1024 + 1))).toBe('size');
  });

  it("reads the identification screen's prefill, keeping only this tenant's file", () => {
    const own = `/hfle/v1/7/files/${ID}/file`;
    const p = (q: string) => askPrefill(new URLSearchParams(q), 7);
    expect(p(`photo=${own}`)).toBeNull();
    expect(p(`ask=1&photo=${encodeURIComponent(own)}&crop=3&identification=42`)).toEqual({
      photoUrl: own,
      cropId: 3,
      identificationId: '42',
    });
    expect(p(`ask=1&photo=/hfle/v1/8/files/${ID}/file&crop=x`)).toEqual({
      photoUrl: null,
      cropId: null,
      identificationId: null,
    });
    expect(p('ask=1&photo=https://evil.example/a.png')?.photoUrl).toBeNull();
    expect(fileIdOf(own)).toBe(ID);
  });

  it("notes the identification's top three candidates", () => {
    const pct = (n: number) => `${Math.round(n * 100)}%`;
    const line = candidatesLine(
      [
        { name: '早疫病', confidence: 0.82 },
        { name: '晚疫病', confidence: 0.09 },
        { name: '叶霉病', confidence: 0.05 },
        { name: '灰霉病', confidence: 0.01 },
      ],
      pct,
    );
    expect(line).toBe('早疫病 82%, 晚疫病 9%, 叶霉病 5%');
  });

  it('offers each side only its own actions', () => {
    const now = Date.parse('2026-05-10T00:00:00Z');
    const q = (status: 'open' | 'asked_back' | 'answered' | 'closed', daysAgo = 0) => ({
      status,
      askerId: 1,
      lastActivityDate: new Date(now - daysAgo * DAY).toISOString(),
    });
    const farmer = { userId: 1, expert: false };
    const expert = { userId: 2, expert: true };
    expect(threadActions(q('answered'), farmer, now)).toEqual({
      answer: false,
      reply: true,
      rateClose: true,
      staleClose: false,
      publish: false,
    });
    // Publishing needs an answer, and stays possible once the inquiry is closed.
    expect(threadActions(q('open'), expert, now).publish).toBe(false);
    expect(threadActions({ ...q('closed'), answered: true }, expert, now).publish).toBe(true);
    expect(threadActions({ ...q('closed'), answered: true }, farmer, now).publish).toBe(false);
    expect(threadActions(q('open'), expert, now)).toMatchObject({
      answer: true,
      reply: false,
      staleClose: false,
    });
    expect(threadActions(q('answered', 8), expert, now).staleClose).toBe(true);
    expect(threadActions(q('open', 8), expert, now).staleClose).toBe(false);
    expect(Object.values(threadActions(q('closed', 8), expert, now)).some(Boolean)).toBe(false);
    // An administrator who asked is the farmer of their own inquiry, not its expert.
    expect(threadActions(q('open'), { userId: 1, expert: true }, now).answer).toBe(false);
  });
});
