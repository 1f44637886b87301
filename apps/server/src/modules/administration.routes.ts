import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app';
import { accountRoutes } from './accounts/account.routes';
import { createAccountService } from './accounts/account.service';
import { dataSegmentRoutes } from './data-segments/data-segment.routes';
import { createDataSegmentService } from './data-segments/data-segment.service';
import { roleRoutes } from './roles/role.routes';
import { createRoleService } from './roles/role.service';
import { createStaffService } from './users/staff.service';
import { systemUserRoutes } from './users/system-user.routes';
import { teamMemberRoutes } from './users/team-member.routes';

/**
 * Staff administration (issue 3): system users, team members, roles, data segments, and passwords
 * by e-mailed link. One registration keeps app.ts to a single line for the whole area.
 */
export function administrationRoutes(context: AppContext): FastifyPluginAsyncZod {
  const links = { db: context.db, hmacKey: context.secrets.hmacKey, publicUrl: context.config.publicUrl, jobs: context.jobs };
  const staff = createStaffService(links);
  return async (app) => {
    await app.register(systemUserRoutes(staff));
    await app.register(teamMemberRoutes(staff));
    await app.register(roleRoutes(createRoleService({ db: context.db })));
    await app.register(dataSegmentRoutes(createDataSegmentService(links)));
    await app.register(accountRoutes(createAccountService({ ...links, tokens: context.tokens })));
  };
}
