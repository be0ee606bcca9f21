import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Session } from './session.ts';
import { testSession } from './testSession.ts';
import { sessionSchema } from './sessionSchema.ts';

describe('sessionSchema', () => {
  it('describes exactly the Session type (checked by the type checker)', () => {
    expectTypeOf<z.infer<typeof sessionSchema>>().toEqualTypeOf<Session>();
  });

  it('accepts a session with the optional fields absent and refuses one with a field missing', () => {
    const session = testSession();
    expectTypeOf(sessionSchema.parse(session)).toEqualTypeOf<Session>();
    const { TestName: _, ...missing } = session;
    if (sessionSchema.safeParse(missing).success) throw new Error('a session without TestName was accepted');
  });
});
