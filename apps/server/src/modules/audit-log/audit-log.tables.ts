// The audit_log table is declared by the platform recorder, which writes it.
import '../../platform/audit/audit.tables.ts';
