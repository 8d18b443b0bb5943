import { useQuery } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import Button from 'antd/es/button';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Slider from 'antd/es/slider';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../shared/form/DatePicker';
import { formatDateTime, nowInZone } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { dayRange } from '../device/deviceFormat';
import { MachineMap } from './MachineMap';
import { machineryApi, machineryKeys } from './machinery.api';
import { PLAYBACK_SPEEDS, useTrackPlayback } from './useTrackPlayback';

export interface TrackViewProps {
  machines: readonly Device[];
  /** The machine whose track plays; null: only the positions. */
  selectedId: number | null;
  /** Given: a machine select and clicks on markers choose the machine. */
  onSelect?: (id: number | null) => void;
  height?: number;
}

/** The machines' latest positions and, for the chosen one, its GPS track over a date range with playback. */
export function TrackView({ machines, selectedId, onSelect, height }: TrackViewProps) {
  const { t } = useTranslation('machinery');
  const { tenantId } = useShell();
  const [days, setDays] = useState<[Dayjs, Dayjs]>(() => [nowInZone(), nowInZone()]);
  const range = dayRange(days[0], days[1]);
  const track = useQuery({
    queryKey: machineryKeys.track(tenantId, selectedId ?? 0, range),
    queryFn: () => machineryApi.track(tenantId, selectedId ?? 0, range),
    enabled: selectedId !== null,
  });
  const points = selectedId === null ? undefined : track.data;
  const playback = useTrackPlayback(points);
  const at = points?.[playback.index];
  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        {onSelect ? (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            placeholder={t('track.pickMachine')}
            value={selectedId ?? undefined}
            onChange={(v?: number) => onSelect(v ?? null)}
            options={machines.map((m) => ({ value: m.id, label: m.name }))}
          />
        ) : null}
        <DatePicker.RangePicker
          value={days}
          allowClear={false}
          // The server answers at most 31 days of track.
          disabledDate={(d) => d.isAfter(nowInZone(), 'day')}
          onChange={(v) => {
            if (v?.[0] && v[1]) setDays([v[0], v[1]]);
          }}
        />
        {track.isFetching ? <Spin size="small" /> : null}
      </Space>
      <MachineMap
        machines={machines}
        selectedId={selectedId}
        onSelect={onSelect ? (id) => onSelect(id) : undefined}
        track={points}
        playIndex={playback.index}
        height={height}
      />
      {selectedId !== null && points ? (
        points.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('track.empty')}
          </Typography.Paragraph>
        ) : (
          <Space wrap style={{ marginTop: 8, width: '100%' }} data-testid="track-playback">
            <Button onClick={playback.playing ? playback.pause : playback.play}>
              {t(playback.playing ? 'track.pause' : 'track.play')}
            </Button>
            <Segmented
              value={playback.speed}
              onChange={(v) => playback.setSpeed(Number(v))}
              options={PLAYBACK_SPEEDS.map((s) => ({ value: s, label: `×${s}` }))}
            />
            <Slider
              style={{ width: 320 }}
              min={0}
              max={playback.last}
              value={playback.index}
              onChange={(v: number) => {
                playback.pause();
                playback.seek(v);
              }}
              tooltip={{
                formatter: (v) => (v === undefined ? '' : formatDateTime(points[v]?.ts, 'MM-DD HH:mm')),
              }}
            />
            {at ? (
              <Typography.Text type="secondary">
                {t('track.at', {
                  time: formatDateTime(at.ts, 'YYYY-MM-DD HH:mm:ss'),
                  speed: at.speed === null ? '—' : at.speed.toFixed(1),
                  count: points.length,
                })}
              </Typography.Text>
            ) : null}
          </Space>
        )
      ) : null}
    </div>
  );
}
