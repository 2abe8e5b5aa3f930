-- Issue 54: a partner's harvest as the staff screen shows it while it runs and after: status
-- (running, complete, paused, failed), pages, records read, new, updated, deleted, skipped, the
-- list's size when the partner tells it, when it started and when it last moved.
ALTER TABLE "network_partners" ADD COLUMN "coleta" jsonb;
