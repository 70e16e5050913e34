import { Readable } from 'node:stream';
import {
  ADMIN_EXPORT_KIND_LABELS,
  ADMIN_EXPORT_MAIL_THRESHOLD_ROWS,
  ADMIN_EXPORTS_PAGE_PATH,
  ADMIN_REPORTS_API,
  adminExportFileParamsSchema,
  adminExportParamsSchema,
  adminExportQuerySchema,
  ossQuarterOf,
  periodBounds,
  staffMay,
  taxReportQuerySchema,
  type AdminExportQueued,
  type TaxReport,
} from '@lectern/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock/clock.js';
import type { Database } from '../../platform/db/database.js';
import { permissionDenied } from '../../platform/http/http-error.js';
import type { AdminAudit } from '../admin-audit/admin-audit.service.js';
import { requireStaff, staffOnly, type StaffMember } from '../staff/staff-access.js';
import type { AdminExports } from './admin-exports.js';
import { exportFilename, type ExportFiles } from './export-files.js';
import { buildOssReturn, buildTaxReport, ossReturnCsv, taxReportCsv } from './tax-report.js';
import type { TaxReportRepository } from './tax-report.repository.js';

/** A CSV answer: a download, never kept by a shared cache. */
const csvReply = (reply: FastifyReply, filename: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');

/**
 * The back office's tax returns and exports (issue 33). The JSON tax report is a read
 * (`backOffice.read`); its CSV and OSS files and every export are `reports.export` (finance and
 * owners), and each download is written to the audit log.
 */
export const adminReportsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: Clock;
  audit: AdminAudit;
  taxReports: TaxReportRepository;
  exports: AdminExports;
  files: ExportFiles;
  /** Exports of more rows than this are mailed (ADMIN_EXPORT_MAIL_THRESHOLD_ROWS by default). */
  mailThresholdRows?: number;
}> = async (app, { db, clock, audit, taxReports, exports, files, mailThresholdRows }) => {
  const threshold = mailThresholdRows ?? ADMIN_EXPORT_MAIL_THRESHOLD_ROWS;

  const recordExport = (actor: StaffMember, objectId: string, summary: string, after: unknown) =>
    audit.record(db, { actor, action: 'report.exported', objectType: 'report', objectId, summary, after });

  app.get(
    ADMIN_REPORTS_API.taxReport,
    { config: staffOnly('backOffice.read'), schema: { querystring: taxReportQuerySchema } },
    async (request, reply): Promise<TaxReport | FastifyReply> => {
      const { from, to, format } = request.query;
      const staff = requireStaff(request);
      if (format === 'json') return buildTaxReport(taxReports, { from, to }, clock.now());
      if (!staffMay(staff.role, 'reports.export')) {
        throw permissionDenied(
          `Your staff role (${staff.role}) may view the tax report but not download it.`,
        );
      }
      if (format === 'oss') {
        // The schema refused any period that is not one calendar quarter.
        const quarter = ossQuarterOf(from, to)!;
        const oss = await buildOssReturn(taxReports, { from, to }, quarter);
        await recordExport(staff, `oss:${oss.period}`, `Downloaded the OSS return of ${oss.period}`, {
          from,
          to,
          format,
          lines: oss.lines.length,
          corrections: oss.corrections.length,
        });
        return csvReply(reply, `oss-return-${oss.period}.csv`).send(ossReturnCsv(oss));
      }
      const report = await buildTaxReport(taxReports, { from, to }, clock.now());
      await recordExport(
        staff,
        `tax-report:${from}:${to}`,
        `Downloaded the tax report ${from} to ${to} (CSV)`,
        {
          from,
          to,
          format,
          jurisdictions: report.jurisdictions.length,
        },
      );
      return csvReply(reply, `tax-report-${from}-to-${to}.csv`).send(taxReportCsv(report));
    },
  );

  app.get(
    ADMIN_REPORTS_API.export,
    {
      config: staffOnly('reports.export'),
      schema: { params: adminExportParamsSchema, querystring: adminExportQuerySchema },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      const { kind } = request.params;
      const { from, to, delivery } = request.query;
      const { start, end } = periodBounds(from, to);
      const rows = await exports.count(kind, start, end);
      const label = ADMIN_EXPORT_KIND_LABELS[kind];
      if (delivery === 'mail' || rows > threshold) {
        const record = await files.request({
          staffUserId: staff.userId,
          email: staff.email,
          kind,
          from,
          to,
          rows,
        });
        await recordExport(
          staff,
          `export:${record.id}`,
          `Asked for the ${label.toLowerCase()} export ${from} to ${to} by mail (${rows} rows)`,
          { kind, from, to, rows, delivery: 'mail', expires: record.expiresAt },
        );
        // A browser that followed the page's Download link goes back to the page, which says so.
        if (request.headers.accept?.includes('text/html')) {
          return reply.redirect(`${ADMIN_EXPORTS_PAGE_PATH}?queued=${record.id}`, 303);
        }
        const answer: AdminExportQueued = {
          status: 'queued',
          id: record.id,
          kind,
          rows,
          email: staff.email,
          message: `The export has ${rows.toLocaleString('en-US')} rows: it is being written and a link will be mailed to ${staff.email}.`,
        };
        return reply.code(202).header('cache-control', 'private, no-store').send(answer);
      }
      await recordExport(
        staff,
        `export:${kind}:${from}:${to}`,
        `Downloaded the ${label.toLowerCase()} export ${from} to ${to} (${rows} rows)`,
        { kind, from, to, rows, delivery: 'download' },
      );
      return csvReply(reply, exportFilename(kind, from, to))
        .header('x-export-rows', String(rows))
        .send(Readable.from(exports.records(kind, start, end)));
    },
  );

  app.get(
    ADMIN_REPORTS_API.exportFile,
    { config: staffOnly('reports.export'), schema: { params: adminExportFileParamsSchema } },
    async (request, reply) => {
      const staff = requireStaff(request);
      const { record, size, stream } = await files.open(request.params.id, staff.userId);
      await recordExport(
        staff,
        `export:${record.id}`,
        `Downloaded the mailed ${ADMIN_EXPORT_KIND_LABELS[record.kind].toLowerCase()} export ${record.from} to ${record.to}`,
        { kind: record.kind, from: record.from, to: record.to, rows: record.rows, delivery: 'file' },
      );
      return csvReply(reply, record.filename).header('content-length', String(size)).send(stream);
    },
  );
};
