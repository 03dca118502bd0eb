/** A lab result's dates and values as a real biochar's (C_org = C_tot − C_inorg), shared by the batch tests; each overrides what it tests. */
export const labValues = () => ({
  sampled_date: '2026-04-02',
  reported_date: '2026-04-20',
  methods: ['ISO 16948', 'ASTM D5373'],
  c_tot_pct: 80,
  c_inorg_pct: 5,
  c_org_pct: 75,
  h_c_org: 0.45,
  o_c_org: 0.12,
  moisture_pct: 20,
  ash_pct: 12,
  volatile_matter_pct: 18,
  contaminants_pass: true,
});
