import type { PasswordChangeRequest } from '../../src/domain/api/users';
import { may } from '../auth/may';
import { needsRelease } from '../../src/domain/accountRelease';
import { ROLES } from '../../src/domain/rules';
import { hashPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';
import { fieldError, forbidden, notFound } from '../http/errors';
import { passwordProblem } from './passwordPolicy';
import { recordUserChange } from './userChanges';

/**
 * POST /api/user/{username}/update {pass}: own password, or anyone's for a
 * user-admin except a super-admin's. A password set for someone else is
 * temporary: its user must choose their own at the next login, and one a
 * user-admin set for roles 3–5 also waits for a super-admin's release.
 */
export function userHandlers(ctx: AppContext): Handlers {
  return {
    changePassword: async (req, res) => {
      const auth = req.auth!;
      const username = String(req.params.username);
      const isSelf = username === auth.username;
      if (!isSelf && !may(auth, 'users', 'edit')) throw forbidden('You may only change your own password.');
      // the shape openapi.yaml promises, checked by the OpenAPI validator; the password's strength is checked here
      const body: PasswordChangeRequest = req.body;
      const problem = passwordProblem(body.pass);
      if (problem) throw fieldError('pass', problem);
      const found = await ctx.data.users.findByUsername(username);
      if (!found) throw notFound('No such user.');
      // a user-admin setting the super-admin's password would become super-admin (docs/security.md)
      const refuseSuperAdmin = (role: number) => {
        if (!isSelf && role === ROLES.SUPER_ADMIN && !may(auth, 'users', 'grantSuperAdmin'))
          throw forbidden("Only a super-admin may set a super-admin's password.");
      };
      refuseSuperAdmin(found.role);
      const passwordHash = await ctx.hashes.run(() => hashPassword(body.pass, ctx.config.passwordHashCost), auth.userId);
      // the store raises the user's token_version with the new password, so every older token is refused
      await ctx.data.transaction(async (tx) => {
        // checked again on the locked row: a promotion may have landed while the hash was made (S1)
        const user = await tx.users.lock(found.id);
        if (!user) throw notFound('No such user.');
        refuseSuperAdmin(user.role);
        // a user-admin's reset of a role 3–5 account waits for a super-admin's release
        const locks =
          !isSelf &&
          !user.locked &&
          needsRelease(may(auth, 'users', 'release'), { role: user.role, roleBefore: user.role, setsPassword: true });
        await tx.users.update(user.id, { password_hash: passwordHash, must_change_password: !isSelf, ...(locks && { locked: true }) });
        await recordUserChange(
          tx,
          auth,
          user,
          isSelf ? 'change_password' : 'reset_password',
          locks ? { locked: { from: false, to: true } } : {},
        );
      });
      res.json({ status: 1 });
    },
  };
}
