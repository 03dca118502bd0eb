import { describe, expect, it } from 'vitest';
import { validateNewUser, validateUserAccess } from '../../../src/domain/userValidation';
import { accessPayload, messages, roleChoices, validateCreateForm } from '../../../src/users/userForm';

const STRONG = 'Temp-Pass-2026!';

describe('the user rules the form and the server share', () => {
  it('accepts a complete new user', () => {
    expect(validateNewUser({ username: 'ann.b@kiln', role: 3, password: STRONG })).toEqual({});
    expect(validateNewUser({ username: 'fa', role: 4, facility_ids: [1, 2], password: STRONG })).toEqual({});
  });

  it.each([
    [{ username: '' }, 'username', 'required'],
    [{ username: 'two words' }, 'username', 'invalid_format'],
    [{ username: '.dot' }, 'username', 'invalid_format'],
    [{ username: 'x'.repeat(65) }, 'username', 'too_long'],
    [{ role: 9 }, 'role', 'not_allowed'],
    [{ role: undefined }, 'role', 'required'],
    [{ password: 'password12' }, 'password', 'too_weak'],
    [{ password: '' }, 'password', 'required'],
    [{ password: 'Aa1!'.repeat(65) }, 'password', 'too_long'],
    [{ role: 4, facility_ids: [] }, 'facility_ids', 'required'],
    [{ role: 3, facility_ids: [1] }, 'facility_ids', 'not_allowed'],
    [{ role: 4, facility_ids: [1, 1] }, 'facility_ids', 'duplicate'],
    [{ role: 4, facility_ids: [0] }, 'facility_ids', 'invalid_format'],
  ])('flags %o on %s as %s', (change, field, key) => {
    const errors = validateNewUser({ username: 'ann', role: 3, password: STRONG, ...change });
    expect(errors).toEqual({ [field]: key });
  });

  it('refuses a name taken in another case', () => {
    expect(validateNewUser({ username: 'KilnAdmin', role: 1, password: STRONG }, ['kilnadmin']).username).toBe('duplicate');
  });

  it('judges a change of access by the role the user will have', () => {
    expect(validateUserAccess({ role: 4, facility_ids: [3] })).toEqual({});
    expect(validateUserAccess({ role: 2, facility_ids: [] })).toEqual({});
    expect(validateUserAccess({ role: 4 })).toEqual({ facility_ids: 'required' });
  });
});

describe('the Users form', () => {
  it('sends facilities only for a facility admin, so a role change gives them back', () => {
    expect(accessPayload({ role: 4, facility_ids: [1] })).toEqual({ role: 4, facility_ids: [1] });
    expect(accessPayload({ role: 3, facility_ids: [1] })).toEqual({ role: 3, facility_ids: [] });
    // facilities picked before the role changed do not block the form either
    expect(validateCreateForm({ username: 'ann', role: 3, facility_ids: [1], password: STRONG })).toEqual({});
  });

  it('turns error keys into message keys, with the limit for a too long value', () => {
    expect(messages({ username: 'too_long', password: 'too_weak' })).toEqual({
      username: { message: 'validation.too_long', args: { max: 64 } },
      password: 'validation.too_weak',
    });
  });

  it('offers the super-admin role to a super-admin only', () => {
    expect(roleChoices(0).map((c) => c.id)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(roleChoices(2).map((c) => c.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
