import type { Profile } from '../../../src/contract/Profile';
import { profileFixture } from '../sessionFixture';

/** The registering user's profile; the phone matches the activation form's. */
export const PROFILE: Profile = profileFixture({ _id: 'u1', phone: '+41 44 123 45 67' });

/** Fake timers that still let msw and promises run; userEvent advances them as it types. */
export function withSpecTimers() {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.runOnlyPendingTimers();
    jest.useRealTimers();
  });
}
