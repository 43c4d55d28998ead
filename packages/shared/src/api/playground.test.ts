import { describe, expect, it } from 'vitest';
import { oaMessage } from './messaging';
import { UID_MESSAGE_TEMPLATE_GROUPS } from './playground';

describe('playground samples', () => {
  it('are valid OA messages as shipped, except the two that need an upload or a message to quote', () => {
    for (const group of UID_MESSAGE_TEMPLATE_GROUPS) {
      for (const t of group.uidMessageTemplates) {
        const parsed = oaMessage.safeParse(t.exampleMessage);
        if (t.templateType === 'file' || t.templateType === 'quote') expect(parsed.success, t.id).toBe(false);
        else expect(parsed.success, `${t.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
  });
});
