// Who may do what with trace codes (issue 18 item 2): the code-package page lists and reads packages and
// their codes; creating, voiding and downloading each have their action code; trace/record lists scans.
export const TRACE_CODE_ACCESS = {
  list: 'wfpf.farm.trace.code-package',
  create: 'wfpf.farm.trace.code-package.ps.create',
  void: 'wfpf.farm.trace.code-package.ps.void',
  export: 'wfpf.farm.trace.code-package.ps.export',
  scans: 'wfpf.farm.trace.record',
  /** The overview's counts (trace/index). */
  counts: ['wfpf.farm.trace.index', 'wfpf.farm.trace.code-package', 'wfpf.farm.trace.record'],
} as const;
