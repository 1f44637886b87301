-- Staff administration: lists of users, team members, roles and data segments.

-- Counting a role's holders (associated users, refusing to archive a role still held).
create index users_role on users (role_id) where status <> 'archived';
-- The role list and the role dropdown of one data segment.
create index roles_segment_status on roles (data_segment_id, status);
-- Team members and system users are listed apart.
create index users_team_member_created on users (is_team_member, created_at desc);
