// Who may do what with the ledger (issue 18 item 4). The report and browser pages each open the reads;
// publishing (trace/index …ps.publish) appends through appendToChain inside its own checked service.
export const CHAIN_ACCESS = {
  view: ['wfpf.farm.trace.block-chain', 'wfpf.farm.trace.block-chain-report'],
  report: ['wfpf.farm.trace.block-chain-report', 'wfpf.farm.trace.block-chain'],
  verify: 'wfpf.farm.trace.block-chain.ps.verify',
  anchor: 'wfpf.farm.trace.block-chain.ps.anchor',
} as const;
