import type { Profile } from '@zc/shared/api/auth';
import type { UserRow } from './repo';

/** The signed-in person's own profile (never another account's). */
export function presentProfile(u: UserRow): Profile {
  return { id: u.id, email: u.email, displayName: u.displayName, avatar: u.avatar, createdAt: u.createdAt.toISOString() };
}
