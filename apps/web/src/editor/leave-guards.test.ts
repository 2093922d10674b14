import { describe, expect, it } from 'vitest';
import { createLeaveGuards, type LeaveGuard } from './leave-guards.ts';

describe('leave guards', () => {
  it('blocks only while a registered screen has unsaved changes', () => {
    const guards = createLeaveGuards();
    expect(guards.blocking()).toBeNull();
    const builder: { current: LeaveGuard } = {
      current: { isDirty: false, message: 'Your changes to this form will be lost.' },
    };
    const unregister = guards.register(builder);
    expect(guards.blocking()).toBeNull();
    // The screen updates its guard in place: the registry reads it when asked.
    builder.current = { ...builder.current, isDirty: true };
    expect(guards.blocking()).toBe('Your changes to this form will be lost.');
    unregister();
    expect(guards.blocking()).toBeNull();
  });

  it('answers the first dirty screen among several', () => {
    const guards = createLeaveGuards();
    guards.register({ current: { isDirty: false, message: 'clean' } });
    guards.register({ current: { isDirty: true, message: 'first dirty' } });
    guards.register({ current: { isDirty: true, message: 'second dirty' } });
    expect(guards.blocking()).toBe('first dirty');
  });
});
