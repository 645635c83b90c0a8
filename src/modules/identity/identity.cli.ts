import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { CliCommand } from '../../common/cli-command.js';
import type { Role } from '../../common/auth/auth.decorators.js';
import { GrantRoleCommand } from './commands/grant-role/grant-role.command.js';

const ROLES: Role[] = ['USER', 'SUPPORT'];

/** `npm run cli -- grant-role <email> SUPPORT`: applies at once (the user's sessions end; the next sign-in carries the role). */
export const grantRoleCommand: CliCommand = {
  name: 'grant-role',
  usage: 'grant-role <email> <USER|SUPPORT>',
  description: 'give a user a role (applies at once: their sessions end)',
  async run(app: INestApplicationContext, args: string[]): Promise<number> {
    const [email, rawRole] = args;
    const role = rawRole?.toUpperCase() as Role | undefined;
    if (!email || !role || !ROLES.includes(role)) {
      process.stderr.write(`Usage: npm run cli -- ${this.usage}\n`);
      return 2;
    }
    let granted: { user: { email: string }; changed: boolean } | null;
    try {
      granted = await app.get(CommandBus).execute(new GrantRoleCommand(email, role));
    } catch (e) {
      // The role is stored and the console reads the stored role; only ending the old sessions failed (Redis).
      process.stderr.write(`Role set, but the user's sessions could not be ended (${(e as Error).message}): run the command again\n`);
      return 1;
    }
    if (!granted) {
      process.stderr.write(`No user with email ${email}\n`);
      return 1;
    }
    process.stdout.write(
      granted.changed
        ? `${granted.user.email} now has role ${role}: their sessions have ended, the next sign-in carries it\n`
        : `${granted.user.email} already has role ${role}; their sessions have ended\n`,
    );
    return 0;
  },
};
