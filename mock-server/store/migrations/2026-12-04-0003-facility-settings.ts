import { sql, type Kysely } from 'kysely';

/**
 * A facility's VM0044 settings (issue 44): its four high-tech conditions, each
 * true or false, and whether its production temperature is monitored. Facilities
 * stored before are low-tech and unmonitored, the methodology's most cautious class.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('facilities')
    .addColumn('vm0044_high_tech_conditions', 'jsonb', (c) =>
      c
        .notNull()
        .defaultTo(
          sql`'{"gases_recovered_or_combusted": false, "heat_used": false, "pollution_control": false, "temperature_measured": false}'::jsonb`,
        ),
    )
    .addColumn('temperature_monitored', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('facilities').dropColumn('vm0044_high_tech_conditions').dropColumn('temperature_monitored').execute();
}
