import { describe, expect, it } from 'vitest';
import { statusDisplay, timelineLabels } from './approver-timeline-model';

const e = (...statuses: Array<'PENDING' | 'APPROVED' | 'REJECTED'>) => statuses.map((status) => ({ status }));

describe('approver timeline labels (§4)', () => {
  it('shows in progress on the first undecided approver and pending on the others', () => {
    expect(timelineLabels(e('PENDING', 'PENDING', 'PENDING'))).toEqual(['inProgress', 'pending', 'pending']);
    expect(timelineLabels(e('APPROVED', 'PENDING', 'PENDING'))).toEqual(['approved', 'inProgress', 'pending']);
  });

  it('leaves the labels after a rejection blank and shows no one in progress', () => {
    expect(timelineLabels(e('APPROVED', 'REJECTED', 'PENDING'))).toEqual(['approved', 'declined', null]);
    expect(timelineLabels(e('REJECTED', 'PENDING'))).toEqual(['declined', null]);
  });

  it('shows every approver approved once all have decided', () => {
    expect(timelineLabels(e('APPROVED', 'APPROVED'))).toEqual(['approved', 'approved']);
    expect(timelineLabels([])).toEqual([]);
  });
});

describe('status display mapping (§4)', () => {
  it('maps approved, done and published to approved; rejected, cancelled and fail to declined', () => {
    expect(['APPROVED', 'done', 'PUBLISHED', 'APPROVAL'].map(statusDisplay)).toEqual(['approved', 'approved', 'approved', 'approved']);
    expect(['REJECTED', 'CANCELLED', 'FAIL', 'DISAPPROVAL'].map(statusDisplay)).toEqual(['declined', 'declined', 'declined', 'declined']);
  });

  it('maps pending and pending review to pending, draft to hidden', () => {
    expect(['PENDING', 'PENDING_REVIEW', 'DRAFT'].map(statusDisplay)).toEqual(['pending', 'pending', 'hidden']);
  });
});
