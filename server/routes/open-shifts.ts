import type { Feature } from './feature.ts';

/** The body of the Create and Edit Open Shift screens (Edit adds TimeScheduleItemID). */
const OPEN_SHIFT_BODY = {
  StartTime: 'startTime',
  EndTime: 'endTime',
  Type: 'type',
  ShiftCredits: 'shiftCredits',
  PayRate: 'payRate',
  AssistantAfterDate: 'assistantAfterDate',
};

/**
 * Spec 3 section 7, "Open shifts and training": creating, editing and removing open shifts and
 * open training shifts. Claiming them has its own routes (server/api-routes.ts). AgentID in a body, and
 * id2 in the removal path, name the acting agent: anyone else is a 403.
 */
export const openShiftActions: Feature = {
  name: 'open-shifts',
  actions: [
    {
      action: 'postOpenShift',
      method: 'post',
      path: '/postOpenShift',
      summary: 'Create an open shift (Type is the create screen code: Open 0, Open Spanish 16, Open Customer Service 15, Open Supervisor and Open Supervisor ONLY 21)',
      actor: 'AgentID',
      body: OPEN_SHIFT_BODY,
    },
    {
      action: 'editOpenShift',
      method: 'post',
      path: '/editOpenShift',
      summary: "Edit an open shift (TimeScheduleItemID is the open shift's id; Type as on create, or the stored 1 or 9)",
      actor: 'AgentID',
      body: { TimeScheduleItemID: 'timeScheduleItemId', ...OPEN_SHIFT_BODY },
    },
    {
      action: 'removeOpenShift',
      method: 'put',
      path: '/removeOpenShift/:id/:id2',
      summary: 'Remove an open shift or open training shift (id: the open shift; id2: the acting agent); asks for confirmation first (?confirmed=true)',
      // id2 is the acting agent, checked against the session; the rule file takes no agent id.
      params: { id: 'openShiftId', id2: 'agentId' },
      actor: 'id2',
    },
    {
      action: 'postOpenTrainingShift',
      method: 'post',
      path: '/postOpenTrainingShift',
      summary: 'Create an open training shift (Type 61 QA Reviews, 64 Training Class, 65 Watch Week) with a quantity of openings (PayRate optional: 1x without it)',
      actor: 'AgentID',
      body: {
        StartTime: 'startTime',
        EndTime: 'endTime',
        Type: 'type',
        ShiftCredits: 'shiftCredits',
        Quantity: 'quantity',
        // Not in the spec's payload, though its screen asks for a pay rate: optional, 1x without it.
        PayRate: 'payRate',
      },
    },
    {
      action: 'editOpenTrainingShift',
      method: 'post',
      path: '/editOpenTrainingShift',
      summary: "Edit an open training shift (TimeScheduleItemID is the open shift's id; Quantity sets the openings left)",
      actor: 'AgentID',
      body: {
        TimeScheduleItemID: 'timeScheduleItemId',
        StartTime: 'startTime',
        EndTime: 'endTime',
        ShiftCredits: 'shiftCredits',
        PayRate: 'payRate',
        Quantity: 'quantity',
      },
    },
  ],
};
