import type { INestApplicationContext } from '@nestjs/common';
import type { CliCommand } from '../../cli-commands.js';
import type { Role } from '../../common/auth/auth.decorators.js';
import { ProfileService } from './application/profile.service.js';

const ROLES: Role[] = ['USER', 'SUPPORT'];

/** `npm run cli -- grant-role <email> SUPPORT`: the role reaches the user's tokens at their next login. */
export const grantRoleCommand: CliCommand = {
  name: 'grant-role',
  usage: 'grant-role <email> <USER|SUPPORT>',
  description: 'give a user a role (applies from their next login)',
  async run(app: INestApplicationContext, args: string[]): Promise<number> {
    const [email, rawRole] = args;
    const role = rawRole?.toUpperCase() as Role | undefined;
    if (!email || !role || !ROLES.includes(role)) {
      process.stderr.write(`Usage: npm run cli -- ${this.usage}\n`);
      return 2;
    }
    const user = await app.get(ProfileService, { strict: false }).grantRole(email, role);
    if (!user) {
      process.stderr.write(`No user with email ${email}\n`);
      return 1;
    }
    process.stdout.write(`${user.email} now has role ${role} (from their next login)\n`);
    return 0;
  },
};
