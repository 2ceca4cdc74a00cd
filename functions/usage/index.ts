/**
 * What the usage group offers its siblings: the usage table's months and history, and the plan's
 * copy on the month (written only here).
 */
export { USAGE_REPORT_RATE } from './report';
export { deleteUsageHistory, monthOf, recentMonths, totalsOf, usageHistory } from './usage';
export { pushPlanToUsage } from './usage-plan';
