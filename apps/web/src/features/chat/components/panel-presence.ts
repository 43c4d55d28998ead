/** The "someone else is here" marks of the open conversation (pure: merged from answers and chat.presence events). */
export interface PresenceMark {
  userId: string;
  /** Null when only an event named the agent (no name yet). */
  name: string | null;
  state: 'VIEWING' | 'TYPING' | 'LEFT';
  /** Epoch ms after which the mark lapses unless renewed. */
  until: number;
  /** A TYPING mark reads as typing until then, then as viewing (set by mergePresence). */
  typingUntil?: number;
}

/** How long "is typing…" shows after the last TYPING mark. */
export const TYPING_SHOWN_MS = 8_000;

/** Newer marks replace older ones per agent; LEFT and lapsed marks go; a known name is kept. */
export function mergePresence(old: readonly PresenceMark[], incoming: readonly PresenceMark[], now: number): PresenceMark[] {
  const byUser = new Map(old.map((m) => [m.userId, m]));
  for (const m of incoming) {
    const before = byUser.get(m.userId);
    byUser.set(m.userId, { ...m, name: m.name ?? before?.name ?? null, typingUntil: m.state === 'TYPING' ? now + TYPING_SHOWN_MS : undefined });
  }
  return [...byUser.values()].filter((m) => m.state !== 'LEFT' && m.until > now);
}

/** Who is typing and who is only viewing, at `now`. */
export function presenceNames(marks: readonly PresenceMark[], now: number): { typing: Array<string | null>; viewing: Array<string | null> } {
  const live = marks.filter((m) => m.state !== 'LEFT' && m.until > now);
  const typing = (m: PresenceMark) => m.state === 'TYPING' && (m.typingUntil ?? 0) > now;
  return { typing: live.filter(typing).map((m) => m.name), viewing: live.filter((m) => !typing(m)).map((m) => m.name) };
}
