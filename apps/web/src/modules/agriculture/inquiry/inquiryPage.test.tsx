import type { Page } from '@tilth/contracts/common.types';
import type { Inquiry, InquiryDashboard } from '@tilth/contracts/inquiry.types';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { InquiryPage } from './InquiryPage';
import { INQUIRY_CODES, inquiryKeys } from './inquiry.api';

// Issue 19 item 5: the page shows farmers their inquiries and the ask button, experts the queue and their
// figures, and the platform's experts the pool — each only to holders of its code.

const T = 7;
const page = <R,>(content: R[]): Page<R> => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 10,
});
const row: Inquiry = {
  inquiryId: 4,
  tenantId: T,
  title: 'Brown spots on tomato leaves',
  question: 'Spots since Monday',
  cropId: 1,
  cropName: 'Tomato',
  landId: 2,
  landName: 'Greenhouse 1',
  batchId: null,
  batchName: null,
  urgency: 'urgent',
  audience: 'tenant',
  status: 'answered',
  photos: [],
  identificationNote: '',
  askerId: 9,
  askerName: 'Li Nong',
  expertId: 3,
  expertName: 'Zhang',
  rating: null,
  ratingComment: null,
  closedBy: null,
  firstResponseDate: '2026-11-20T12:25:00.000Z',
  firstResponseSeconds: 2 * 3600 + 25 * 60,
  closedDate: null,
  resolutionSeconds: null,
  lastActivityDate: '2026-11-20T12:25:00.000Z',
  messageCount: 1,
  creationDate: '2026-11-20T10:00:00.000Z',
  objectVersionNumber: 2,
};
const dash: InquiryDashboard = {
  queueCount: 3,
  oldestOpenDate: '2026-11-19T08:00:00.000Z',
  myAnsweredCount: 12,
  averageRating: 4.5,
  ratedCount: 8,
  averageFirstResponseSeconds: 5400,
};

const render = (codes: readonly string[], tenantId = T, scope = 'mine') =>
  textOf(
    renderWithCodes(
      <MemoryRouter>
        <InquiryPage />
      </MemoryRouter>,
      {
        codes,
        tenantId,
        data: [
          [[...inquiryKeys.list(tenantId, scope), 'page', {}, 0, 10], page([row])],
          [inquiryKeys.dashboard(tenantId, scope === 'pool'), dash],
        ],
      },
    ),
  );

describe('expert inquiry page', () => {
  it('shows a farmer their inquiries with status, times and the ask button, and no expert tabs', () => {
    const text = render([INQUIRY_CODES.view, INQUIRY_CODES.ask]);
    expect(text).toContain('My inquiries');
    expect(text).toContain('Ask an expert');
    expect(text).toContain('Brown spots on tomato leaves');
    expect(text).toContain('Answered');
    expect(text).toContain('Urgent');
    expect(text).toContain('2 h 25 min');
    expect(text).not.toContain('Answered by me');
    expect(text).not.toContain('Platform expert pool');
  });

  it('shows an expert the queue and their figures, without asking; the pool only in the platform tenant', () => {
    const text = render([INQUIRY_CODES.view, INQUIRY_CODES.answer], T, 'queue');
    expect(text).toContain('Waiting for an expert');
    expect(text).toContain('Answered by me');
    expect(text).toContain('All inquiries');
    expect(text).toContain('Average rating (8 rated)');
    expect(text).toContain('1 h 30 min');
    expect(text).toContain('Li Nong');
    expect(text).not.toContain('Ask an expert');
    expect(text).not.toContain('Platform expert pool');
    expect(render([INQUIRY_CODES.view, INQUIRY_CODES.answer], 0, 'queue')).toContain('Platform expert pool');
  });

  it('shows nothing to act on to a viewer of the page alone', () => {
    const text = render([INQUIRY_CODES.view]);
    expect(text).not.toContain('Ask an expert');
    expect(text).not.toContain('Brown spots on tomato leaves');
  });
});
