import type { ReactNode } from 'react'
import {
  COUNTRIES,
  type CountryId,
  countryName,
  DOMAINS,
  type Domain,
  FREQUENCIES,
  type Frequency,
  humanise,
  LIFE_SKILLS,
  type LifeSkill,
  REGULATOR_INFO,
  REGULATORS,
  type Regulator,
  ROLES,
  type Role,
  SECTOR_OPTIONS,
  TEAM_PREVIEW_MAX_ROLES,
  teamPreview,
} from '../../domain/onboarding'
import type { Sector } from '../../domain/sectors'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { AnimatePresence, m, useEnterFrom, useIsPresent, useMotionReduced } from '../../ui/MotionProvider'
import { Globe } from './Globe'
import * as s from './onboarding.css'

function Option({ pressed, onClick, name, meta }: { pressed: boolean; onClick: () => void; name: ReactNode; meta?: ReactNode }) {
  return (
    <button type="button" className={s.option} aria-pressed={pressed} onClick={onClick}>
      <span className={s.optionName}>{name}</span>
      {meta ? <span className={s.optionMeta}>{meta}</span> : null}
    </button>
  )
}

function SubContinue({ label, disabled, onClick }: { label: string; disabled: boolean; onClick: () => void }) {
  return (
    <div className={s.subActions}>
      <Button variant="secondary" disabled={disabled} onClick={onClick}>
        {label}
      </Button>
    </div>
  )
}

export function CountryStep({ value, onSelect }: { value: CountryId | ''; onSelect: (c: CountryId) => void }) {
  return (
    <>
      <div className={s.globeRow}>
        <Globe />
        <p className={s.muted}>Choose the country your organisation operates in. Each card lists the regulators we prepare you for.</p>
      </div>
      <div className={s.grid}>
        {COUNTRIES.map((c) => (
          <Option key={c.id} pressed={value === c.id} onClick={() => onSelect(c.id)} name={c.name} meta={`Regulators: ${c.regulators.join(', ')}`} />
        ))}
      </div>
      {value ? <p className={s.badge}>Selected: {countryName(value)}</p> : null}
    </>
  )
}

export function PhoneStep({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Field label="Phone number" hint="So your account manager can reach you about setup." completed={value.trim() !== ''}>
      {(control) => (
        <input
          {...control}
          type="tel"
          name="phone"
          autoComplete="tel"
          placeholder="07700 900123"
          maxLength={40}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}

export function SectorStep({ value, onSelect, continueEnabled, onContinue }: { value: Sector | ''; onSelect: (s: Sector) => void; continueEnabled: boolean; onContinue: () => void }) {
  return (
    <>
      <div className={s.grid}>
        {SECTOR_OPTIONS.map((o) => (
          <Option key={o.id} pressed={value === o.id} onClick={() => onSelect(o.id)} name={o.name} meta={o.description} />
        ))}
      </div>
      <SubContinue label="Continue with this sector" disabled={!continueEnabled} onClick={onContinue} />
    </>
  )
}

function ToggleGrid<T extends string>({ items, selected, onToggle, label, meta }: { items: readonly T[]; selected: readonly T[]; onToggle: (v: T) => void; label: (v: T) => string; meta?: (v: T) => string }) {
  return (
    <div className={s.grid}>
      {items.map((item) => (
        <Option key={item} pressed={selected.includes(item)} onClick={() => onToggle(item)} name={label(item)} meta={meta?.(item)} />
      ))}
    </div>
  )
}

export function LifeSkillsStep({ value, onToggle, continueEnabled, onContinue }: { value: LifeSkill[]; onToggle: (v: LifeSkill) => void; continueEnabled: boolean; onContinue: () => void }) {
  return (
    <>
      <p className={s.muted}>
        Optional: short life-skills check-ins for your team. Pick the skills to include, or press Continue below to skip them.
      </p>
      <ToggleGrid items={LIFE_SKILLS} selected={value} onToggle={onToggle} label={humanise} />
      <SubContinue label="Continue with these skills" disabled={!continueEnabled} onClick={onContinue} />
    </>
  )
}

export function RegulatorsStep({ value, onToggle, continueEnabled, onContinue }: { value: Regulator[]; onToggle: (v: Regulator) => void; continueEnabled: boolean; onContinue: () => void }) {
  return (
    <>
      <p className={s.muted}>Choose at least one regulator you are inspected by.</p>
      <ToggleGrid items={REGULATORS} selected={value} onToggle={onToggle} label={(r) => REGULATOR_INFO[r].name} meta={(r) => humanise(REGULATOR_INFO[r].sector)} />
      <SubContinue label="Continue with these regulators" disabled={!continueEnabled} onClick={onContinue} />
    </>
  )
}

const badgeShown = { opacity: 1, scale: 1 }
const badgeHidden = { opacity: 0, scale: 0.85 }

/**
 * The team-structure preview: a role joining or leaving fades and scales, and the others glide to their new
 * places (motion's layout animation) instead of jumping as the row rewraps. A leaving badge is hidden from
 * assistive technology at once, so the list reads as it now is.
 */
export function TeamPreview({ roles }: { roles: Role[] }) {
  const shown = teamPreview(roles)
  const more = roles.length - TEAM_PREVIEW_MAX_ROLES
  return (
    <div>
      <p className={s.optionName}>Team structure preview</p>
      {shown.length ? (
        <ul className={s.preview} aria-label="Team structure preview">
          <AnimatePresence initial={false}>
            {shown.map((r) => (
              <PreviewItem key={r} name={r} className={s.badge}>
                {humanise(r)}
              </PreviewItem>
            ))}
            {more > 0 ? (
              <PreviewItem key="more" name="more" className={s.optionMeta}>
                and {more} more
              </PreviewItem>
            ) : null}
          </AnimatePresence>
        </ul>
      ) : (
        <p className={s.optionMeta}>No roles chosen yet.</p>
      )}
    </div>
  )
}

function PreviewItem({ name, className, children }: { name: string; className: string; children: ReactNode }) {
  const present = useIsPresent()
  const initial = useEnterFrom(badgeHidden)
  // Reduced, no layout animation at all: even an instant one shows the badge at its old place for a frame.
  const reduced = useMotionReduced()
  return (
    <m.li
      layout={reduced ? false : 'position'}
      className={className}
      initial={initial}
      animate={badgeShown}
      exit={badgeHidden}
      aria-hidden={present ? undefined : true}
      data-preview-item={name}
    >
      {children}
    </m.li>
  )
}

export function RolesStep({ value, onToggle, continueEnabled, onContinue }: { value: Role[]; onToggle: (v: Role) => void; continueEnabled: boolean; onContinue: () => void }) {
  return (
    <>
      <p className={s.muted}>Which job roles work in your team? Choose at least one.</p>
      <ToggleGrid items={ROLES} selected={value} onToggle={onToggle} label={humanise} />
      <TeamPreview roles={value} />
      <SubContinue label="Continue with these roles" disabled={!continueEnabled} onClick={onContinue} />
    </>
  )
}

export function DomainsStep({ value, onToggle }: { value: Domain[]; onToggle: (v: Domain) => void }) {
  return (
    <>
      <p className={s.muted}>Which areas should your workspace focus on first? Choose at least one.</p>
      <ToggleGrid items={DOMAINS} selected={value} onToggle={onToggle} label={humanise} />
    </>
  )
}

export function DocumentsStep() {
  return (
    <p className={s.note}>
      Document upload is not available during setup yet, so nothing is uploaded here. This step is optional: you can add your
      documents from your workspace later.
    </p>
  )
}

export function PolicyStep() {
  return (
    <p className={s.note}>
      Policy configuration is not available during setup yet. Your review frequency (the last step) is saved now; detailed policy
      settings come later in your workspace.
    </p>
  )
}

export function FrequencyStep({
  committed,
  draft,
  onDraft,
  continueEnabled,
  onContinue,
}: {
  committed: Frequency | ''
  draft: Frequency
  onDraft: (f: Frequency) => void
  continueEnabled: boolean
  onContinue: () => void
}) {
  return (
    <>
      <fieldset className={s.fieldset}>
        <legend className={s.muted}>How often should policies and evidence be reviewed?</legend>
        {FREQUENCIES.map((f) => (
          <label key={f} className={s.radio}>
            <input type="radio" name="frequency" value={f} checked={draft === f} onChange={() => onDraft(f)} />
            {humanise(f)}
          </label>
        ))}
      </fieldset>
      <SubContinue label={`Continue with ${draft} reviews`} disabled={!continueEnabled} onClick={onContinue} />
      <p className={s.optionMeta} role="status">
        {committed ? `Review frequency: ${humanise(committed)}. Press Complete Setup to finish.` : 'Confirm a review frequency to finish.'}
      </p>
    </>
  )
}
