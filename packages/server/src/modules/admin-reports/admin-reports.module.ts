import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { createAdminExports } from './admin-exports.js';
import { adminReportsRoutes } from './admin-reports.routes.js';
import { createExportFiles } from './export-files.js';
import { createTaxReportRepository } from './tax-report.repository.js';

/** How often expired export files are deleted. */
const EXPORT_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The module's services, made once per server (its routes and jobs share them). */
const made = new WeakMap<AppServices, ReturnType<typeof makeServices>>();

function makeServices(services: AppServices) {
  const { db, config, queue, outbox, clock } = services;
  const exports = createAdminExports(db);
  return {
    taxReports: createTaxReportRepository(db),
    exports,
    files: createExportFiles({ db, dataDir: config.dataDir, exports, queue, outbox, clock }),
  };
}

const servicesOf = (services: AppServices) => {
  let module = made.get(services);
  if (!module) made.set(services, (module = makeServices(services)));
  return module;
};

/**
 * The back office's tax returns and exports (issue 33), under `/api-2.0/admin/`: the tax report
 * per jurisdiction, rate and tax (JSON, CSV, EU OSS return), and CSV exports of orders,
 * invoices, credit notes, subscriptions and customers, streamed in keyset pages, or written by
 * a job and mailed as a link when large.
 */
export const adminReportsModule = defineFeatureModule<AppServices>({
  name: 'admin-reports',
  api: async (api, { services }) => {
    const { db, clock, audit } = services;
    await api.register(adminReportsRoutes, {
      db,
      clock,
      audit,
      ...servicesOf(services),
      mailThresholdRows: services.config.exportMailThresholdRows,
    });
  },
  jobs: (services) => [
    {
      name: 'admin_reports.exports_sweep',
      everyMs: EXPORT_SWEEP_EVERY_MS,
      run: async () => {
        await servicesOf(services).files.sweep();
      },
    },
  ],
});
