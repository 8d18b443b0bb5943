import Input from 'antd/es/input';
import Tree from 'antd/es/tree';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/i18n';
import {
  branchKeys,
  buildPermissionTree,
  checkState,
  filterTree,
  type PermNode,
  toggleNode,
} from './permissionTree';

interface Props {
  value: string[];
  onChange: (codes: string[]) => void;
  disabled?: boolean;
}

/**
 * The permission tree of the whole catalogue, grouped by menu, searchable; checking a node selects
 * everything under it, unchecking one clears everything under it; a page can be held without its actions.
 * Only catalogue codes leave it (structure keys are never values).
 */
export function PermissionEditor({ value, onChange, disabled }: Props) {
  const { t } = useTranslation('roles');
  const lang = currentLanguage() === 'en-US' ? 'en-US' : 'zh-CN';
  const tree = useMemo(() => buildPermissionTree(lang, t('roles:tree.other')), [lang, t]);
  const total = useMemo(() => {
    const count = (ns: readonly PermNode[]): number =>
      ns.reduce((n, x) => n + (x.code ? 1 : 0) + count(x.children ?? []), 0);
    return count(tree);
  }, [tree]);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterTree(tree, search), [tree, search]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const expandedKeys = search.trim() ? branchKeys(shown) : expanded;
  const checks = useMemo(() => checkState(shown, value), [shown, value]);
  // The shown (filtered) nodes: codes hidden by the search stay as they were.
  const byKey = useMemo(() => {
    const map = new Map<string, PermNode>();
    const walk = (ns: readonly PermNode[]) => {
      for (const n of ns) {
        map.set(n.key, n);
        walk(n.children ?? []);
      }
    };
    walk(shown);
    return map;
  }, [shown]);

  return (
    <div>
      <Input.Search
        allowClear
        placeholder={t('roles:tree.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Typography.Text type="secondary">
        {t('roles:tree.selected', { count: value.length, total })}
      </Typography.Text>
      <div style={{ maxHeight: 480, overflow: 'auto', marginTop: 8 }}>
        <Tree
          checkable
          selectable={false}
          disabled={disabled}
          treeData={shown}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpanded(keys.map(String))}
          // Nodes check on their own (a page without its actions is "view only"); checking a node still
          // selects everything under it, through toggleNode.
          checkStrictly
          checkedKeys={checks}
          onCheck={(_, info) => {
            const node = byKey.get(String(info.node.key));
            if (node) onChange(toggleNode(node, value, info.checked));
          }}
        />
      </div>
    </div>
  );
}
