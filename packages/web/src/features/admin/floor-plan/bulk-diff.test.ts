import { describe, expect, it } from 'vitest';
import { space, spaces } from '../test-support/admin-fixtures';
import { NEW_SPACE_DEFAULTS } from './draft-space';
import { editorReducer, initialEditorState, type EditorAction } from './editor-state';
import { planChanges, spacesWithCheckInErrors, unnamedSpaces } from './bulk-diff';

const saved = spaces(4);
const run = (...actions: EditorAction[]) => actions.reduce(editorReducer, initialEditorState(saved));
const key = (n: number) => space(n).id;

describe('save request from the editor draft', () => {
  it('is empty when nothing changed, also after an edit was undone', () => {
    expect(planChanges(saved, run().present).count).toBe(0);
    const undone = run({ type: 'update', changes: { [key(1)]: { x: 400 } } }, { type: 'undo' });
    expect(planChanges(saved, undone.present).count).toBe(0);
  });

  it('sends creates, updates of changed spaces only, and deletes in one request', () => {
    const state = run(
      {
        type: 'add',
        spaces: [{ ...NEW_SPACE_DEFAULTS, name: ' Desk 5 ', x: 300, y: 310, width: 120, height: 60 }],
      },
      { type: 'update', changes: { [key(2)]: { rotation: 45, approverGroupIds: ['g1'] } } },
      { type: 'remove', keys: [key(3)] },
    );
    const { bulk, createdKeys, count } = planChanges(saved, state.present);
    expect(count).toBe(3);
    expect(bulk.creates).toEqual([
      {
        name: 'Desk 5',
        x: 300,
        y: 310,
        width: 120,
        height: 60,
        rotation: 0,
        shape: 'rect',
        fontSize: 'normal',
        enabled: true,
        requireSubject: false,
        kioskEnabled: false,
        attributes: [],
        approverGroupIds: [],
        allowedBookerGroupIds: [],
        checkinMode: null,
        checkinOpensMinutes: null,
        checkinGraceMinutes: null,
        checkinReleaseTime: null,
        checkinRelease: null,
        checkinExemptLong: null,
      },
    ]);
    expect(createdKeys).toEqual(state.selection);
    expect(bulk.updates).toHaveLength(1);
    expect(bulk.updates[0]).toMatchObject({ id: key(2), rotation: 45, approverGroupIds: ['g1'], name: 'Desk 2' });
    expect(bulk.deleteIds).toEqual([key(3)]);
  });

  it('treats attribute and group lists as sets', () => {
    const withValues = [
      space(1, {
        attributes: [
          { attributeId: 'a', value: '1' },
          { attributeId: 'b', value: 'x' },
        ],
        allowedBookerGroupIds: ['G1', 'g2'],
      }),
    ];
    const state = [
      {
        type: 'update',
        changes: {
          [key(1)]: {
            attributes: [
              { attributeId: 'b', value: 'x' },
              { attributeId: 'a', value: '1' },
            ],
            allowedBookerGroupIds: ['g2', 'g1'],
          },
        },
      } as const,
    ].reduce(editorReducer, initialEditorState(withValues));
    expect(planChanges(withValues, state.present).count).toBe(0);
  });

  it('sends a turned box near the edge with a corner the API accepts', () => {
    const state = run({
      type: 'update',
      changes: { [key(1)]: { x: 40, y: -30, width: 20, height: 100, rotation: 90 } },
    });
    expect(planChanges(saved, state.present).bulk.updates[0]).toMatchObject({
      x: 0,
      y: 10,
      width: 100,
      height: 20,
      rotation: 180,
    });
  });

  it('finds spaces without a name', () => {
    const state = run({ type: 'update', changes: { [key(2)]: { name: '   ' } } });
    expect(unnamedSpaces(state.present)).toEqual([key(2)]);
  });
});

describe('check-in policy of a space in the save request', () => {
  const withPolicy = [
    space(1, { checkinMode: 2, checkinGraceMinutes: 20, checkinRelease: false }),
    space(2, { checkinMode: null, checkinGraceMinutes: null }),
  ];
  const start = () => initialEditorState(withPolicy);

  it('counts no change for a space as loaded, whether the API sends null or leaves the fields out', () => {
    expect(start().present.spaces[key(1)]).toMatchObject({
      checkinMode: '2',
      checkinGraceMinutes: 20,
      checkinRelease: '0',
      checkinOpensMinutes: '',
    });
    expect(planChanges(withPolicy, start().present).count).toBe(0);
  });

  it('sends all six fields of an edited space, null for each left to the area', () => {
    const state = editorReducer(start(), {
      type: 'update',
      changes: { [key(1)]: { checkinGraceMinutes: '', checkinOpensMinutes: 5, checkinExemptLong: '1' } },
    });
    const { bulk, count } = planChanges(withPolicy, state.present);
    expect(count).toBe(1);
    expect(bulk.updates[0]).toMatchObject({
      id: key(1),
      checkinMode: 2,
      checkinOpensMinutes: 5,
      checkinGraceMinutes: null,
      checkinReleaseTime: null,
      checkinRelease: false,
      checkinExemptLong: true,
    });
  });

  it('keeps the policy on a copy', () => {
    const state = editorReducer(start(), {
      type: 'add',
      spaces: [{ ...start().present.spaces[key(1)]!, name: 'Desk 9' }],
    });
    expect(planChanges(withPolicy, state.present).bulk.creates[0]).toMatchObject({
      checkinMode: 2,
      checkinGraceMinutes: 20,
      checkinRelease: false,
    });
  });

  it('finds spaces whose policy has a value out of range', () => {
    const state = [
      { type: 'update', changes: { [key(1)]: { checkinGraceMinutes: 0 } } } as const,
      { type: 'update', changes: { [key(2)]: { checkinOpensMinutes: 720, checkinReleaseTime: '09:30' } } } as const,
    ].reduce(editorReducer, start());
    expect(spacesWithCheckInErrors(state.present)).toEqual([key(1)]);
    const fixed = editorReducer(state, { type: 'update', changes: { [key(1)]: { checkinGraceMinutes: 1 } } });
    expect(spacesWithCheckInErrors(fixed.present)).toEqual([]);
  });
});
