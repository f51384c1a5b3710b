/**
 * Generated from /api/openapi.json by `npm run api:schema` (scripts/api-schema.ts, openapi-typescript):
 * do not edit. The web's calls are typed from it (web/src/api.ts).
 */
export interface paths {
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in (spec 1, Log In): initials and cell are stripped to letters and digits, initials upper-cased */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calendarFeed/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A person's shifts and meal breaks as iCalendar (RFC 5545), in America/New_York with its VTIMEZONE; no session, the secret in the address is the key */
        get: operations["calendarFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: the agent's leave-early notices take effect (spec 3 section 4, rules/logout.json), then the session ends and its cookie is cleared */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is signed in; marks the session used now (the web UI's keep-alive while its person works without making calls) */
        get: operations["session"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/worldSlice/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The world slice an action's rules read, for the web UI to run the same engine before it submits */
        get: operations["worldSlice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offeredSlice/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The world slice an action's rules read as it is offered, the input fields left out still to be chosen: for the web UI to tell whether to offer it */
        get: operations["offeredSlice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rule files this server decides with (and their sha256), for the web UI to run the same engine before it submits */
        get: operations["rules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/claimOpenShift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Claim an open shift, whole or in part (lookingForCoverageID is the open shift) */
        post: operations["claimOpenShift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/claimOpenTrainingShift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Claim an opening of an open training shift (QA Reviews, Training Class, Watch Week) */
        post: operations["claimOpenTrainingShift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/combineShifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Combine two of your shifts into one (Shift1 and Shift2 are shift ids; null when not selected) */
        post: operations["combineShifts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/myCalendarFeed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The secret address of the signed-in person's calendar feed (made on first use), for a calendar app to subscribe to */
        get: operations["myCalendarFeed"];
        put?: never;
        /** A new secret address for the feed; the old one answers 404 from now on */
        post: operations["replaceMyCalendarFeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person's inbox: every text sent to them, newest first, and how many are unread */
        get: operations["inbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inbox/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The navigation's unread counts: inbox items and chat messages to the signed-in person */
        get: operations["inboxSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inbox/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the signed-in person chose to be told by text: whether a posting or an open shift they could take also comes as a text */
        get: operations["inboxSettings"];
        /** Changes the signed-in person's own settings; from then on, postings they could take come as texts too (or no longer) */
        put: operations["changeInboxSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inbox/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Marks every item of the signed-in person's inbox read */
        post: operations["readWholeInbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inbox/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Marks one item of the signed-in person's inbox read (opened) */
        post: operations["readInboxItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person's live updates, as server-sent events: `ready` (its id is where a reconnect starts), then a `change` ({ action, actor, records: { collection: ids } }, id increasing) for each committed action that concerns them, naming only records they may read, and `reset` when a reconnect's Last-Event-ID is too old (refresh everything). A comment line every 15 s; at most 4 streams per session across every server process, the oldest closed; `rules` ({ version }, no id) when another rule set goes live, and on a reconnect */
        get: operations["events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/userMonthShifts/{agentId}/{month}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agent's shifts starting in that Eastern month, with their meal breaks
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["userMonthShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/otherDetailedUsersPendingShifts/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everyone else's active postings for coverage
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["otherDetailedUsersPendingShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/otherDetailedUsersLookingForShifts/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everyone else's active pick-up postings
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["otherDetailedUsersLookingForShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getIsSpanish/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the agent speaks Spanish: [{ spanish }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getIsSpanish"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pendingOpenShifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open shifts still open (types other than the parameter trainingShiftTypes)
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["pendingOpenShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pendingOpenTrainingShifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open training shifts still open (types of the parameter trainingShiftTypes)
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["pendingOpenTrainingShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/userCalendarSeekingCov/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everyone else's active postings for coverage, counted per Eastern date
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["userCalendarSeekingCov"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/userCalendarSeekingHours/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everyone else's active pick-up postings, counted per Eastern date
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["userCalendarSeekingHours"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getAgents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every agent: id, initials and name
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getAllSpanishAgents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Spanish-speaking agents: id and initials
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getAllSpanishAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getCalendarDays/{from}/{to}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * getDayDetails for a range of dates (at most 62): the posted dates, each { date, holiday: 0 or 1 }
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getCalendarDays"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/userPendingShifts/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agent's own active postings for coverage
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["userPendingShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/myRequestsToPickUp/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agent's own active pick-up postings
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["myRequestsToPickUp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/detailedAllOffersForMyShifts/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending Activity: detailedAllOffersForMyShifts
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["detailedAllOffersForMyShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/detailedAllActiveCounterOffersForMyShifts/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending Activity: detailedAllActiveCounterOffersForMyShifts
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["detailedAllActiveCounterOffersForMyShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/detailedAllCounterOffersForMyShifts/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending Activity: detailedAllCounterOffersForMyShifts
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["detailedAllCounterOffersForMyShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/detailedMyOffersForShifts/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending Activity: detailedMyOffersForShifts
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["detailedMyOffersForShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/detailedMyCounterOffersForShifts/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending Activity: detailedMyCounterOffersForShifts
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["detailedMyCounterOffersForShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/detailedAllOffersForMyHours/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending Activity: detailedAllOffersForMyHours
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["detailedAllOffersForMyHours"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/detailedCounterOffersToPickUp/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending Activity: detailedCounterOffersToPickUp
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["detailedCounterOffersToPickUp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/detailedOffersToPickUp/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending Activity: detailedOffersToPickUp
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["detailedOffersToPickUp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/detailedNewCounterOffersToGiveaway/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending Activity: detailedNewCounterOffersToGiveaway
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["detailedNewCounterOffersToGiveaway"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/detailedOfferInfo/{offerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One offer the caller made or received, before accepting it
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["detailedOfferInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/findShiftWantsCoverage/{lookingForCoverageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One posting for coverage: its poster, or anyone while it is on the calendar
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["findShiftWantsCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getShiftDetails/{timeScheduleItemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One shift the caller may see
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getShiftDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getUserDetails/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's details (anyone's for rules/roles.json group supervisorsAndUp, who see others' data)
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getUserDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getDayDetails/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether a date is a holiday: [{ holiday: 0 or 1 }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getDayDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/acceptOffer/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Accept an offer (or a counteroffer) to cover a shift posted for coverage */
        put: operations["acceptOffer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/acceptOfferHours/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Accept a shift offered to someone who asked to pick up hours */
        put: operations["acceptOfferHours"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/updateOfferWithNotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save the optional comment (at most offerCommentMaxLength characters of rules/parameters.json) on an offer, before declining, accepting or withdrawing it */
        post: operations["updateOfferWithNotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rejectOffer/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Decline an offer (or counteroffer) on a coverage posting, made to the signed-in agent */
        put: operations["rejectOffer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rejectOfferHours/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Decline an offer of hours (or counteroffer) on a pick-up posting, made to the signed-in agent */
        put: operations["rejectOfferHours"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/withdrawOffer/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Withdraw an offer or counteroffer the signed-in agent made, on either kind of posting */
        put: operations["withdrawOffer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/nudgeOffer/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Text the person an offer was made to a reminder of it, once per 24 hours (the maker only) */
        put: operations["nudgeOffer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/callOut": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Call out of one's own shift with a log entry (spec 1, Call Out screen; the spec does not show this call): PersonalTime 0 uses personal time, 1 or null takes the points. With ViolationType 0 (spec 3's give-notice fields) a Reason is required, and VacationApplied where vacation is offered; without it the reason is 10, Other */
        post: operations["callOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/handlePendingChange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Answer a message sent about an offer: mark it handled with notes, and send the answer to its author as a History line */
        post: operations["handlePendingChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loggingInLog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record that the signed-in agent signed in (AgentID must be the signed-in agent) */
        post: operations["loggingInLog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loggingOutLog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record that the signed-in agent signs out, before POST /api/logout (AgentID must be the signed-in agent) */
        post: operations["loggingOutLog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getNudgedDate/{offerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * When an offer was last nudged and may be again, and its status ('expired' once past its expiration): [row], [] for no such offer
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getNudgedDate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getOfferHistory/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agent's offer log of the last historyDays days (rules/parameters.json), newest first ({ id, dateTime, message }): one's own, or others' by rank (spec 1 section 6)
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getOfferHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/approvedPersonal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Personal time approved in the last historyDays days (rules/parameters.json), newest first: the caller's own, everyone's for the holders of rules/roles.json's seesOthers
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["approvedPersonal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getMyStats/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's stats since statsSince (rules/parameters.json): [{ minWorked (minutes on picked-up shifts), shiftChanges (accepted offers) }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getMyStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getAllStats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everyone's stats since statsSince (rules/parameters.json): [{ minWorked, shiftChanges }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getAllStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getCallSpecialists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Call Specialist Offer Log's agents (rules/roles.json groups.callSpecialists, below the assistant supervisors): agentId, initials, fullName
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getCallSpecialists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/initials/{initials}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agent id of current staff with these initials (letters and digits, any case): { agentId }
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["initials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sendMessage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a chat message (Notes, under messageMaxLength characters of rules/parameters.json) to toAgentID: anyone in a category the sender's rank offers, or anyone who wrote to the sender */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/readMessages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark the messages toAgentID sent the caller read (opening the thread) */
        post: operations["readMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deleteThread": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete the thread with toAgentID for the caller only (the screen asks for confirmation first) */
        post: operations["deleteThread"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getMyTexts/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's chat messages, sent and received, less deleted threads, oldest first: msgID, fromEmpID, toEmpID, fromInitials, toInitials, message, dateTime, toReadDateTime
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getMyTexts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getJess": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Shiftinator Ideas recipient (rules/roles.json groups.ideas): [{ agentId, initials, fullName }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getJess"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getOpsManagement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Management (agent types 105 and up, rules/roles.json groups.management): agentId, initials, fullName
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getOpsManagement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/myPermissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the signed-in agent may see and do (rules/roles.json): { agentId, agentType, spanish, permissions: { name: true | false | [values] } }
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["myPermissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getAllTeam/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's team members (Team Calendar, agent types 100, 102, 103): agentId, initials, fullName, agentType
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getAllTeam"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/userTeamShifts/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team members' shifts and meal breaks from the start of last month to the end of next month
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["userTeamShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teamLookingForCov/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team members' active postings for coverage
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["teamLookingForCov"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teamLookingForHours/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team members' active postings to pick up hours
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["teamLookingForHours"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getSups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supervision (assistant supervisors and supervisors, rules/roles.json groups.supervision): agentId, initials, fullName
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getSups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getAMs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Account managers (rules/roles.json groups.accountManagers): agentId, initials, fullName
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getAMs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/releaseNotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The release notes, newest first: id, version, date (Eastern YYYY-MM-DD), releasedAt, notes
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["releaseNotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/postOpenShift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an open shift (Type is the create screen code: Open 0, Open Spanish 16, Open Customer Service 15, Open Supervisor and Open Supervisor ONLY 21) */
        post: operations["postOpenShift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/editOpenShift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Edit an open shift (TimeScheduleItemID is the open shift's id; Type as on create, or the stored 1 or 9) */
        post: operations["editOpenShift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/removeOpenShift/{id}/{id2}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Remove an open shift or open training shift (id: the open shift; id2: the acting agent); asks for confirmation first (?confirmed=true) */
        put: operations["removeOpenShift"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/postOpenTrainingShift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an open training shift (Type 61 QA Reviews, 64 Training Class, 65 Watch Week) with a quantity of openings (PayRate optional: 1x without it) */
        post: operations["postOpenTrainingShift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/editOpenTrainingShift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Edit an open training shift (TimeScheduleItemID is the open shift's id; Quantity sets the openings left) */
        post: operations["editOpenTrainingShift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lookupShift/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One shift: { id, scheduleId, agentId, shiftType, coveringShift, startDateTime, endDateTime }
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["lookupShift"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/findOnePending/{swapPendingShiftId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shift offered in a trade, as it is now: { timeScheduleItemID, startTime, endTime }
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["findOnePending"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getSwapTimeID/{swapPendingShiftId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The schedule item of the shift offered in a trade: { timeScheduleItemID }
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getSwapTimeID"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/areTheyWorking/{agentId}/{startDate}/{startTime}/{endDate}/{endTime}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agent's shifts overlapping the window less a minute at each end: [] means free
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["areTheyWorking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getMin18HourPeriodAfter/{agentId}/{date}/{time}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Minutes the agent works in the hours of rules/parameters.json workWindowHours (18) from the instant, less meal breaks: [{ minutesWorked }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getMin18HourPeriodAfter"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getMin18HourPeriodBefore/{agentId}/{date}/{time}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Minutes the agent works in the hours of rules/parameters.json workWindowHours (18) up to the instant, less meal breaks: [{ minutesWorked }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getMin18HourPeriodBefore"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getMin18HourPeriodAfterTrade/{agentId}/{date}/{time}/{givenUpStartDate}/{givenUpStartTime}/{givenUpEndDate}/{givenUpEndTime}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * As getMin18HourPeriodAfter, without the hours the agent gives away in the trade
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getMin18HourPeriodAfterTrade"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getMin18HourPeriodBeforeTrade/{agentId}/{date}/{time}/{givenUpStartDate}/{givenUpStartTime}/{givenUpEndDate}/{givenUpEndTime}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * As getMin18HourPeriodBefore, without the hours the agent gives away in the trade
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getMin18HourPeriodBeforeTrade"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getCanCoverDOCS/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the agent may cover customer service (DOCS) shifts: [{ canCoverDOCS: 'True' | 'False' }], [] for no such agent
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getCanCoverDOCS"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/isSpanishOK/{date}/{time}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many Spanish-OK agents are on duty (not on a meal break) at the instant: [{ count }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["isSpanishOK"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/isSupOK/{date}/{time}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many supervisors (rules/roles.json, group supervisors) are on duty (not on a meal break) at the instant: [{ count }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["isSupOK"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getDayDetailsAndBefore/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The day before and the day: [{ date, holiday: 0 or 1 }, ...]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getDayDetailsAndBefore"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getDayDetailsAndAfter/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The day and the day after: [{ date, holiday: 0 or 1 }, ...]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getDayDetailsAndAfter"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getMinWorkedWeek/{agentId}/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Minutes the agent works in the Sunday-to-Saturday week holding the date, less meal breaks: [{ minutesWorked }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getMinWorkedWeek"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getQAInDay/{agentId}/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Minutes of QA Review (61) shifts the agent works on the Eastern date: [{ minutesWorked }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getQAInDay"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lookupCustService/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shift, or its sub-shifts, of type 23 (Customer Service Helper): [] means not a helper shift
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["lookupCustService"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lookupLunchCombine/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shift's meal breaks (parameter mealBreakShiftType), for the combine screen's meal-break check
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["lookupLunchCombine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/postShift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Post one's own shift, or part of it, for coverage (Seeking Coverage); the posting type is computed from the rules */
        post: operations["postShift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/editCoverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Edit one's posting for coverage: LookingForCoverageID names it; TimeScheduleItemID, if given, must be its shift */
        post: operations["editCoverage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/postWantWork": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Post the hours one is available to pick up (Looking to Work); Type is the hours chosen (0 Call Specialist, 9 Supervisor, 15 Customer Service) */
        post: operations["postWantWork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/editHours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Edit one's want-work posting: TimeScheduleItemID names the want-work posting (lookingToPickUpID) */
        post: operations["editHours"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/removeShiftFromCoverage/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** 'No longer want coverage': end one's posting for coverage (id: lookingForCoverageID) after confirming; its pending offers are closed */
        put: operations["removeShiftFromCoverage"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/removePosting/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Remove one's want-work posting (id: lookingToPickUpID) after confirming; its pending offers are closed */
        put: operations["removePosting"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lookupPosting/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One posting for coverage (lookingForCoverage), as the edit screen loads it: the posting shape of userPendingShifts
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["lookupPosting"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wantsHoursDetails/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One want-work posting: { lookingToPickUpID, agentID, initials, startDatetime, endDatetime, notes, type }
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["wantsHoursDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/isShiftPosted/{agentId}/{startDate}/{startTime}/{endDate}/{endTime}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's postings for coverage (not ended) overlapping the span: [] means none of it is posted
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["isShiftPosted"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/isHoursPosted/{agentId}/{startDate}/{startTime}/{endDate}/{endTime}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's want-work postings (not ended) overlapping the span: [] means none
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["isHoursPosted"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/isShiftCustService/{agentId}/{startDate}/{startTime}/{endDate}/{endTime}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's customer-service shifts overlapping the span: [{ scheduleId }], [] when none
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["isShiftCustService"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/requestCut": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to be cut early from one of your shifts (EndTime: when you would stop), within 24 hours of its start */
        post: operations["requestCut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cutUser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Supervision cuts an agent's shift: the entire shift (StartTime and EndTime null) or part of it (the hours kept); AgentID is the supervisor */
        post: operations["cutUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/denyCut/{shiftId}/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Supervision denies the agent's pending cut request on the shift, after confirming (body or query confirmed=true) */
        put: operations["denyCut"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/denyCutSelf/{shiftID}/{agentID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Remove your own pending cut request on the shift, after confirming (body or query confirmed=true) */
        put: operations["denyCutSelf"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/requestLunch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a different meal break on one of your shifts, with a note of the times that suit you (at least lunchNotesMinLength characters, under messageMaxLength: rules/parameters.json) */
        post: operations["requestLunch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/approveLunch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Supervision approves a pending break request: the shift's meal break starts at StartTime; AgentID is the supervisor */
        post: operations["approveLunch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/denyLunch/{shiftId}/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Supervision denies the agent's pending break request on the shift */
        put: operations["denyLunch"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/denyLunchSelf/{shiftID}/{agentID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Remove your own pending break request on the shift, after confirming (body or query confirmed=true) */
        put: operations["denyLunchSelf"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getFirstShiftCuts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supervisor wishlist: pending cut requests on 1st-shift shifts not over yet, oldest first
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getFirstShiftCuts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getSecondShiftCuts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supervisor wishlist: pending cut requests on 2nd-shift shifts not over yet, oldest first
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getSecondShiftCuts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getThirdShiftCuts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supervisor wishlist: pending cut requests on 3rd-shift shifts not over yet, oldest first
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getThirdShiftCuts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getCutMainShifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supervisor wishlist: the shifts with pending cut requests: { scheduleID, startDateTime, endDateTime }
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getCutMainShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getCutSubShifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supervisor wishlist: the sub-shifts (meal breaks, ...) of the shifts with pending cut requests: { scheduleID, shiftType, startDateTime, endDateTime }
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getCutSubShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lookupCut/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The pending cut requests on a shift (id: the shift's), for its owner and supervision
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["lookupCut"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getMyCutRequests/{agentID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Personal wishlist: one's own pending cut requests on shifts not over yet, oldest first, with the shift
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getMyCutRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getFirstShiftLunches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supervisor wishlist: pending break (lunch) requests on 1st-shift shifts not over yet, oldest first
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getFirstShiftLunches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getSecondShiftLunches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supervisor wishlist: pending break (lunch) requests on 2nd-shift shifts not over yet, oldest first
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getSecondShiftLunches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getThirdShiftLunches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supervisor wishlist: pending break (lunch) requests on 3rd-shift shifts not over yet, oldest first
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getThirdShiftLunches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getLunchMainShifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supervisor wishlist: the shifts with pending break (lunch) requests: { scheduleID, startDateTime, endDateTime }
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getLunchMainShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getLunchSubShifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supervisor wishlist: the sub-shifts (meal breaks, ...) of the shifts with pending break (lunch) requests: { scheduleID, shiftType, startDateTime, endDateTime }
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getLunchSubShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lookupLunch/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The pending break (lunch) requests on a shift (id: the shift's), for its owner and supervision
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["lookupLunch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getMyLunchRequests/{agentID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Personal wishlist: one's own pending break (lunch) requests on shifts not over yet, oldest first, with the shift and its current meal break
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getMyLunchRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/requestPersonal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn part or all of one of your shifts into personal time, approved at once */
        post: operations["requestPersonal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/giveNotice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report an absence from one of your shifts: call out (ViolationType 0), arrive late (1) or leave early (2) */
        post: operations["giveNotice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/userFuturePersonal/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Personal time already approved that starts after now, as requestPersonal counts it: [{ minPersonal }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["userFuturePersonal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getPersonalVacaUsage/{startDate}/{endDate}/{rank}/{shiftClass}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many people of the rank group (below 85: of the same shift class) are already on personal time during [startDate, endDate), besides the caller, as requestPersonal counts them: [{ count }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getPersonalVacaUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getAttendanceAgents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current staff whose attendance the caller may open, the caller left out (rules/roles.json attendanceOthers: 'agents' those outside group supervisorsAndUp, 'supervisors' everyone), by initials: [{ agentId, initials, fullName, agentType }]; 403 for those who see only their own
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getAttendanceAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/userPaidTime/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Paid time per month, this month and the 12 before, newest first: [{ month, minWorked, minVacation, minPersonal, minUnpaid, minPaid, minFMLA }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["userPaidTime"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/getAttendance/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Absences (notices) from the last attendanceWindowMinutes (rules/parameters.json) on, FMLA ones not shown, by start: [{ noticeID, timeScheduleItemID, violationType, reason, startTime, endTime, vacationApplied, message, timestampGiven, minutes, minPersonal, minVacation }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["getAttendance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/userPastVacationAttendance/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Vacation minutes applied to notices still on the attendance record, as giveNotice counts them: [{ minVacation }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["userPastVacationAttendance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/userTrainingTime/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Training minutes per month, this month and the 12 before, newest first: [{ month, minQA, minCo, minAdv, minTrain }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["userTrainingTime"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/postOfferCoverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Offer to cover someone's posting, with no swap, one swap (swapScheduleID, optionally swap hours), or two swap options (swap2ScheduleID, ...): two options make two offers in one decision */
        post: operations["postOfferCoverage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/postOfferGiveAway": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Offer one's own shift (swapScheduleID), or part of it (swapStartDatetime, swapEndDatetime), to someone who posted that they want hours */
        post: operations["postOfferGiveAway"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/postCounterOfferCoverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Counter an offer on a coverage posting (rejectingOfferID): other hours within it, and other swap hours within its swap; the offer answered is declined */
        post: operations["postCounterOfferCoverage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/postCounterOfferHours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Counter an offer on a request for hours (rejectingOfferID): other hours within it; the offer answered is declined */
        post: operations["postCounterOfferHours"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sendOfferMessage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A message (under messageMaxLength characters of rules/parameters.json) to the other person of an offer on a coverage posting, kept with the offer and sent as a text */
        post: operations["sendOfferMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sendOfferMessageHours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A message (under messageMaxLength characters of rules/parameters.json) to the other person of an offer on a request for hours, kept with the offer and sent as a text */
        post: operations["sendOfferMessageHours"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/userMonthTrade/{agentId}/{month}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The swap dropdown: the caller's own shifts (not their meal breaks) starting in that Eastern month and not yet started: [{ start, endDateTime, scheduleId }]
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["userMonthTrade"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lookupInitials/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Anyone's initials (they head every posting and offer): [{ initials }], [] for no such agent
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["lookupInitials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/whoCouldTakeCoveragePosting/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who could cover a posting for coverage (postOfferCoverage): every current colleague but the poster decided as if they tried to take it whole, with the same rules: { could, of } for its poster; supervisors also get people (initials, fullName, could, outcome, rule, message), those who could first
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["whoCouldTakeCoveragePosting"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/whoCouldTakeCoveragePostings/{ids}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who could cover each of several postings for coverage (ids comma-separated, at most 50; the Team Calendar's day), in the order asked, each as whoCouldTakeCoveragePosting answers it, decided on one snapshot: every current colleague but the poster decided as if they tried to take it whole, with the same rules: { could, of } for its poster; supervisors also get people (initials, fullName, could, outcome, rule, message), those who could first. 403 when the reader may not see one of them, 404 when one does not exist
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["whoCouldTakeCoveragePostings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/whoCouldTakePickupPosting/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who could give hours to a posting for hours (postOfferGiveAway): every current colleague but the poster decided as if they tried to take it whole, with the same rules: { could, of } for its poster; supervisors also get people (initials, fullName, could, outcome, rule, message), those who could first
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["whoCouldTakePickupPosting"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/whoCouldTakeOpenShift/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who could claim an open or open training shift (claimOpenShift, claimOpenTrainingShift): every current colleague but the poster decided as if they tried to take it whole, with the same rules: { could, of } for its poster; supervisors also get people (initials, fullName, could, outcome, rule, message), those who could first
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["whoCouldTakeOpenShift"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesOverview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The rules in words, read-only: every action's checks in order with their messages and the named values they use, the live rule version and when it went live, and each change of the live set as `rules diff` words it; the parameters with their units and spec sections for rules/roles.json permission ruleParameters
         * @description Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.
         */
        get: operations["rulesOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @description What is wrong; for bad input, the field first, as "field: problem". */
            error: string;
        };
        ActionAnswer: {
            /**
             * @description ok: done; error: stopped by a rule; confirm: goes through only once the user confirms
             * @enum {string}
             */
            outcome: "ok" | "error" | "confirm";
            /** @description The text to show, word for word: the success text, the error or the prompt */
            message: string | null;
            /** @description The id of the rule that decided (null on ok) */
            rule: string | null;
            /** @description Texts shown without stopping the action */
            warnings: string[];
            /** @description Ids of the records the action made, where the caller needs them */
            created?: {
                [key: string]: unknown;
            };
        };
    };
    responses: {
        /** @description The request does not fit: the error names the field */
        BadInput: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No session, or it expired ("Please sign in.") */
        NotSignedIn: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Something went wrong on our side; nothing was saved */
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
type $defs = Record<string, never>;
interface operations {
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    initials?: string | null;
                    cell?: string | null;
                    password?: string | null;
                };
            };
        };
        responses: {
            /** @description Signed in; the session cookie is set */
            200: {
                headers: {
                    /** @description shiftinator_session=...; HttpOnly; SameSite=Strict */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                        /** @description The rank: what the person may see and do */
                        agentType: number | null;
                        firstName: string | null;
                        /** @description The last day of probation, or null */
                        probationUntil: string | null;
                    };
                };
            };
            /** @description A field is missing ("ERROR: Must enter valid credentials.") or is not valid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such initials, cell and password */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed tries from this address, or at this account from this address: wait and try again (docs/server.md) */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 3.1.0 */
                        openapi: string;
                        info: {
                            title: string;
                            version: string;
                            description: string;
                        };
                        servers: {
                            url: string;
                        }[];
                        security: {
                            [key: string]: string[];
                        }[];
                        tags: {
                            name: string;
                            description: string;
                        }[];
                        /** @description Each path, its operations by method */
                        paths: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                        /** @description The schemas, responses and security schemes the paths refer to */
                        components: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                        webhooks?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    calendarFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The secret, then .ics */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calendar */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description No such feed (never given out, or replaced) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    session: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { agentId } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                    };
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    worldSlice: {
        parameters: {
            query?: {
                /** @description The action's input fields (its rule file's `input`), one query parameter each */
                input?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path: {
                action: "acceptOffer" | "acceptOfferHours" | "approveLunch" | "callOut" | "claimOpenShift" | "claimOpenTrainingShift" | "combineShifts" | "cutUser" | "deleteThread" | "denyCut" | "denyCutSelf" | "denyLunch" | "denyLunchSelf" | "editCoverage" | "editHours" | "editOpenShift" | "editOpenTrainingShift" | "giveNotice" | "handlePendingChange" | "loggingInLog" | "loggingOutLog" | "login" | "logout" | "nudgeOffer" | "postCounterOfferCoverage" | "postCounterOfferHours" | "postOfferCoverage" | "postOfferGiveAway" | "postOpenShift" | "postOpenTrainingShift" | "postShift" | "postWantWork" | "readMessages" | "rejectOffer" | "rejectOfferHours" | "removeOpenShift" | "removePosting" | "removeShiftFromCoverage" | "requestCut" | "requestLunch" | "requestPersonal" | "sendMessage" | "sendOfferMessage" | "sendOfferMessageHours" | "updateOfferWithNotes" | "withdrawOffer";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The slice, as a scenario without its expectation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: string;
                        actor: number;
                        /** @description The server clock, Eastern wall-clock text */
                        now: string;
                        input: {
                            [key: string]: unknown;
                        };
                        /** @description The records the rules read, in the scenario format; people only counted are anonymised */
                        world: {
                            [key: string]: {
                                [key: string]: unknown;
                            }[];
                        };
                        /** @description Facts the rules read that the slice cannot recompute */
                        facts?: {
                            [key: string]: unknown;
                        };
                        /** @description sha256 of the rule files that decide */
                        rulesHash: string;
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The reader may not take this action on the records its input names */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such action */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    offeredSlice: {
        parameters: {
            query?: {
                /** @description The action's input fields (its rule file's `input`), one query parameter each */
                input?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path: {
                action: "acceptOffer" | "acceptOfferHours" | "approveLunch" | "callOut" | "claimOpenShift" | "claimOpenTrainingShift" | "combineShifts" | "cutUser" | "deleteThread" | "denyCut" | "denyCutSelf" | "denyLunch" | "denyLunchSelf" | "editCoverage" | "editHours" | "editOpenShift" | "editOpenTrainingShift" | "giveNotice" | "handlePendingChange" | "loggingInLog" | "loggingOutLog" | "login" | "logout" | "nudgeOffer" | "postCounterOfferCoverage" | "postCounterOfferHours" | "postOfferCoverage" | "postOfferGiveAway" | "postOpenShift" | "postOpenTrainingShift" | "postShift" | "postWantWork" | "readMessages" | "rejectOffer" | "rejectOfferHours" | "removeOpenShift" | "removePosting" | "removeShiftFromCoverage" | "requestCut" | "requestLunch" | "requestPersonal" | "sendMessage" | "sendOfferMessage" | "sendOfferMessageHours" | "updateOfferWithNotes" | "withdrawOffer";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The slice, as a scenario without its expectation; or, when the rules refuse the action whatever is chosen, their message */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: string;
                        actor: number;
                        /** @description The server clock, Eastern wall-clock text */
                        now: string;
                        input: {
                            [key: string]: unknown;
                        };
                        /** @description The records the rules read, in the scenario format; people only counted are anonymised */
                        world: {
                            [key: string]: {
                                [key: string]: unknown;
                            }[];
                        };
                        /** @description Facts the rules read that the slice cannot recompute */
                        facts?: {
                            [key: string]: unknown;
                        };
                        /** @description sha256 of the rule files that decide */
                        rulesHash: string;
                    } | {
                        /** @description The message of the rule that refuses the action whatever is chosen, word for word */
                        refused: string;
                        /** @description That rule (null when the refusal is that the records are not the reader's) */
                        rule: string | null;
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description No such action */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    rules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { rulesHash, sources: [{ file, json, kind? }] } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description sha256 of the rule files that decide */
                        rulesHash: string;
                        sources: {
                            /** @description Its path, for messages */
                            file: string;
                            /** @description The file as written, free-form JSON: an action or shared rule file (rules/rule-file.schema.json), rules/roles.json (rules/roles.schema.json) or rules/parameters.json (rules/parameters.schema.json), as `kind` says */
                            json?: unknown;
                            /**
                             * @description What the file is ('rules' when absent)
                             * @enum {string}
                             */
                            kind?: "rules" | "roles" | "parameters";
                        }[];
                    };
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    claimOpenShift: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    offeringAgentID?: number;
                    coveringAgentID?: number;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    coverageStartDatetime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    coverageEndDatetime: string;
                    lookingForCoverageID: number;
                    status?: number;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Open shift claimed."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `claimOpenShift.available`: This open shift is no longer available.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `claimOpenShift.notTraining`: You are unable to claim this shift.
             *     - `claimOpenShift.customerServiceDocs`: Only Account Managers and approved Assistant Supervisors can offer coverage for this shift.
             *     - `claimOpenShift.supervisorReserved`: Sorry! This shift is reserved for Supervisors until {date}
             *     - `claimOpenShift.minimumRank`: Must be at least an Advanced Trainee to claim an Open Shift.
             *     - `claimOpenShift.accountManagerType`: Account Managers can only claim Open Customer Service shifts.
             *     - `claimOpenShift.spanishRequired`: A Spanish CS is required to cover this shift.
             *     - `claimOpenShift.supervisorType`: An Assistant Supervisor or higher is required to cover this shift.
             *     - `claimOpenShift.callSpecialistType`: Only Call Specialists can cover this shift.
             *     - `claimOpenShift.probation`: Cannot pick up open hours while on probation.
             *     - `claimOpenShift.terminationDate`: Cannot pick up shifts after your termination date.
             *     - `claimOpenShift.assistantHoliday`: Assistant Supervisors cannot claim an Open Supervisor Shift on a holiday.
             *     - `claimOpenShift.rankHoliday`: You are unable to claim this shift.
             *     - `claimOpenShift.startLeadTime`: Start time must be at least 2 minutes in the future.
             *     - `claimOpenShift.startBeforeEnd`: Start date must be valid.
             *     - `claimOpenShift.withinShift`: Shift times must be within the valid shift hours.
             *     - `claimOpenShift.minimumDuration`: Coverage duration must be at least 5 minutes.
             *     - `claimOpenShift.startOffset`: Coverage start must equal the shift start OR at least 5 minutes later.
             *     - `claimOpenShift.endOffset`: Coverage end must equal the shift end OR at least 5 minutes before.
             *     - `claimOpenShift.alreadyScheduled`: You are already scheduled during these hours.
             *     - `claimOpenShift.maxAfter`: You are unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer.
             *     - `claimOpenShift.maxBefore`: You are unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer.
             *     - `claimOpenShift.bilingual`: The hours proposed must be covered by a bilingual CS.
             *     - `claimOpenShift.supervisorCover`: There are not enough Supervisors scheduled for an Assistant to cover this shift. A Supervisor is required.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    claimOpenTrainingShift: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    offeringAgentID?: number;
                    coveringAgentID?: number;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    coverageStartDatetime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    coverageEndDatetime: string;
                    lookingForCoverageID: number;
                    status?: number;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Open shift claimed."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `claimOpenTrainingShift.available`: ERROR: This open shift is no longer available.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `claimOpenTrainingShift.trainingType`: ERROR: This is not an open training shift.
             *     - `claimOpenTrainingShift.qaRank`: ERROR: Only QA Reviewers and up can claim this shift.
             *     - `claimOpenTrainingShift.trainerRank`: ERROR: Only Advanced Trainers and Assistant Supervisors can cover this shift.
             *     - `claimOpenTrainingShift.probation`: ERROR: Cannot pick up open hours while on probation.
             *     - `claimOpenTrainingShift.termination`: ERROR: Cannot offer coverage for shifts after your termination date.
             *     - `claimOpenTrainingShift.startBeforeEnd`: ERROR: Start date must be valid.
             *     - `claimOpenTrainingShift.startLead`: ERROR: Start time must be at least 2 minutes in the future.
             *     - `claimOpenTrainingShift.withinShift`: ERROR: Shift times must be within the valid shift hours.
             *     - `claimOpenTrainingShift.minDuration`: ERROR: Coverage duration must be at least 1 hour.
             *     - `claimOpenTrainingShift.qaWholeHours`: ERROR: Duration must be 1, 2, or 3 whole hours.
             *     - `claimOpenTrainingShift.maxAfter`: ERROR: You are unable to work more than 12.5 hours in an 18 hour period. Please cut {n} min from this shift.
             *     - `claimOpenTrainingShift.maxBefore`: ERROR: You are unable to work more than 12.5 hours in an 18 hour period. Please cut {n} min from this shift.
             *     - `claimOpenTrainingShift.scheduled`: ERROR: You are already scheduled during these hours.
             *     - `claimOpenTrainingShift.qaWeek`: ERROR: You are unable to use QA Reviews to go into OT (over 40 hours). Please cut {n} min from this shift.
             *     - `claimOpenTrainingShift.qaDay`: ERROR: You can only do 3 hours of QA a day. But thank you for your willingness!
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    combineShifts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Shift1: number | null;
                    Shift2: number | null;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "You successfully combined your shifts."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `combineShifts.shiftExists`: ERROR: This shift was deleted.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `combineShifts.selectBoth`: ERROR: Select a shift to combine.
             *     - `combineShifts.ownShifts`: ERROR: You can only combine your own shifts.
             *     - `combineShifts.mainShifts`: ERROR: Select a shift to combine.
             *     - `combineShifts.samePayRate`: ERROR: You cannot combine shifts with different pay rates.
             *     - `combineShifts.twoDifferentShifts`: ERROR: Select two different shifts to combine, silly goose.
             *     - `combineShifts.maxGap`: ERROR: You cannot combine shifts that have a gap of over 30 minutes. Please pick up coverage from someone else before trying again.
             *     - `combineShifts.maxLength`: ERROR: You cannot create a shift greater than 10 hours.
             *     - `combineShifts.sameShiftType`: ERROR: You cannot combine 2 separate shift types.
             *     - `combineShifts.watchWeek`: ERROR: You cannot combine two Watch Week shifts, sorry.
             *     - `combineShifts.custServiceHelper`: ERROR: You cannot combine a customer service helper shift with an operations shift.
             *     - `combineShifts.customerService`: ERROR: Can't combine Customer Service shifts at this time, sorry.
             *     - `combineShifts.mealBreakTaken`: ERROR: Once meal break is taken, cannot combine more shifts.
             *     - `combineShifts.postedForCoverage`: ERROR: A shift you posted for coverage cannot be combined. Remove the posting first.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    myCalendarFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { url } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The feed's address: secret, so shown only to its person */
                        url: string;
                    };
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    replaceMyCalendarFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { url } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The feed's address: secret, so shown only to its person */
                        url: string;
                    };
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    inbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { unread, items } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Unread items of all the person has */
                        unread: number;
                        /** @description The newest 100, newest first */
                        items: {
                            id: number;
                            /** @description What the text is about: the rule file's text kind (offer, nudge, cut, ...) */
                            kind: string | null;
                            /** @description The text, word for word as sent */
                            body: string;
                            /** @description The web UI's path of the screen it concerns */
                            link: string;
                            /** @description When it was sent, Eastern wall-clock text */
                            createdAt: string;
                            /** @description When it was opened, or null */
                            readAt: string | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    inboxSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { inbox, chat } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Unread inbox items */
                        inbox: number;
                        /** @description Unread chat messages to the person */
                        chat: number;
                    };
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    inboxSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { canTakeTexts } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A text through the outbox, besides the inbox item, when a posting or an open shift they could take is posted */
                        canTakeTexts: boolean;
                    };
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    changeInboxSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    canTakeTexts: boolean;
                };
            };
        };
        responses: {
            /** @description The settings as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A text through the outbox, besides the inbox item, when a posting or an open shift they could take is posted */
                        canTakeTexts: boolean;
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    readWholeInbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { unread: 0 } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Unread items left */
                        unread: number;
                    };
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    readInboxItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { unread }: what is left unread */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Unread items left */
                        unread: number;
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description No such item in their inbox (another person's is not theirs) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    events: {
        parameters: {
            query?: never;
            header?: {
                /** @description The last event id received: what came after it is sent first */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    userMonthShifts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                month: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        scheduleId: number;
                        /** @enum {string} */
                        title: " My Shift" | "Meal Break";
                        start: string;
                        endDateTime: string;
                        startTime: string;
                        endTime: string;
                        notes: string | null;
                        isCovering: boolean;
                        payRate: number;
                        cots: number;
                        agentID: number;
                        openToTrade: number | null;
                        type: number;
                        lookingForCoverageID: number | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    otherDetailedUsersPendingShifts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingForCoverageID: number;
                        timeScheduleItemID: number | null;
                        agentID: number;
                        initials: string | null;
                        agentType: number | null;
                        startTime: string;
                        endTime: string;
                        type: number;
                        openToTrade: number;
                        notes: string | null;
                        payRate: number | null;
                        openToCots: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    otherDetailedUsersLookingForShifts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingToPickUpID: number;
                        agentID: number;
                        initials: string | null;
                        agentType: number | null;
                        startTime: string;
                        endTime: string;
                        type: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getIsSpanish: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        spanish: "True" | "False";
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    pendingOpenShifts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingForCoverageID: number;
                        agentID: number | null;
                        startTime: string;
                        endTime: string;
                        type: number;
                        openToTrade: number;
                        payRate: number;
                        openToCots: number;
                        quantityRemaining: number;
                        assistantAfterDate: string | null;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    pendingOpenTrainingShifts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingForCoverageID: number;
                        agentID: number | null;
                        startTime: string;
                        endTime: string;
                        type: number;
                        openToTrade: number;
                        payRate: number;
                        openToCots: number;
                        quantityRemaining: number;
                        assistantAfterDate: string | null;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    userCalendarSeekingCov: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Eastern YYYY-MM-DD */
                        date: string;
                        count: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    userCalendarSeekingHours: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Eastern YYYY-MM-DD */
                        date: string;
                        count: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getAgents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                        initials: string | null;
                        fullName: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    getAllSpanishAgents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                        initials: string | null;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    getCalendarDays: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                from: string;
                to: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        date: string;
                        holiday: 0 | 1;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    userPendingShifts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingForCoverageID: number;
                        timeScheduleItemID: number | null;
                        agentID: number;
                        initials: string | null;
                        agentType: number | null;
                        startTime: string;
                        endTime: string;
                        type: number;
                        openToTrade: number;
                        notes: string | null;
                        payRate: number | null;
                        openToCots: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    myRequestsToPickUp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingToPickUpID: number;
                        agentID: number;
                        initials: string | null;
                        agentType: number | null;
                        startTime: string;
                        endTime: string;
                        type: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    detailedAllOffersForMyShifts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerID: number;
                        lookingForCoverageID: number | null;
                        lookingToPickUpID: number | null;
                        initials: string | null;
                        startDatetime: string;
                        endDatetime: string;
                        swapStartDatetime: string | null;
                        swapEndDatetime: string | null;
                        swapPendingShiftID: number | null;
                        expirationDatetime: string | null;
                        coveringAgentID: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    detailedAllActiveCounterOffersForMyShifts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerID: number;
                        lookingForCoverageID: number | null;
                        lookingToPickUpID: number | null;
                        initials: string | null;
                        startDatetime: string;
                        endDatetime: string;
                        swapStartDatetime: string | null;
                        swapEndDatetime: string | null;
                        swapPendingShiftID: number | null;
                        expirationDatetime: string | null;
                        coveringAgentID: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    detailedAllCounterOffersForMyShifts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerID: number;
                        lookingForCoverageID: number | null;
                        lookingToPickUpID: number | null;
                        initials: string | null;
                        startDatetime: string;
                        endDatetime: string;
                        swapStartDatetime: string | null;
                        swapEndDatetime: string | null;
                        swapPendingShiftID: number | null;
                        expirationDatetime: string | null;
                        coveringAgentID: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    detailedMyOffersForShifts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerID: number;
                        lookingForCoverageID: number | null;
                        lookingToPickUpID: number | null;
                        initials: string | null;
                        startDatetime: string;
                        endDatetime: string;
                        swapStartDatetime: string | null;
                        swapEndDatetime: string | null;
                        swapPendingShiftID: number | null;
                        expirationDatetime: string | null;
                        coveringAgentID: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    detailedMyCounterOffersForShifts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerID: number;
                        lookingForCoverageID: number | null;
                        lookingToPickUpID: number | null;
                        initials: string | null;
                        startDatetime: string;
                        endDatetime: string;
                        swapStartDatetime: string | null;
                        swapEndDatetime: string | null;
                        swapPendingShiftID: number | null;
                        expirationDatetime: string | null;
                        coveringAgentID: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    detailedAllOffersForMyHours: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerID: number;
                        lookingForCoverageID: number | null;
                        lookingToPickUpID: number | null;
                        initials: string | null;
                        startDatetime: string;
                        endDatetime: string;
                        swapStartDatetime: string | null;
                        swapEndDatetime: string | null;
                        swapPendingShiftID: number | null;
                        expirationDatetime: string | null;
                        coveringAgentID: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    detailedCounterOffersToPickUp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerID: number;
                        lookingForCoverageID: number | null;
                        lookingToPickUpID: number | null;
                        initials: string | null;
                        startDatetime: string;
                        endDatetime: string;
                        swapStartDatetime: string | null;
                        swapEndDatetime: string | null;
                        swapPendingShiftID: number | null;
                        expirationDatetime: string | null;
                        coveringAgentID: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    detailedOffersToPickUp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerID: number;
                        lookingForCoverageID: number | null;
                        lookingToPickUpID: number | null;
                        initials: string | null;
                        startDatetime: string;
                        endDatetime: string;
                        swapStartDatetime: string | null;
                        swapEndDatetime: string | null;
                        swapPendingShiftID: number | null;
                        expirationDatetime: string | null;
                        coveringAgentID: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    detailedNewCounterOffersToGiveaway: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerID: number;
                        lookingForCoverageID: number | null;
                        lookingToPickUpID: number | null;
                        initials: string | null;
                        startDatetime: string;
                        endDatetime: string;
                        swapStartDatetime: string | null;
                        swapEndDatetime: string | null;
                        swapPendingShiftID: number | null;
                        expirationDatetime: string | null;
                        coveringAgentID: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    detailedOfferInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                offerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerID: number;
                        lookingForCoverageID: number | null;
                        lookingToPickUpID: number | null;
                        initials: string | null;
                        startDatetime: string;
                        endDatetime: string;
                        swapStartDatetime: string | null;
                        swapEndDatetime: string | null;
                        swapPendingShiftID: number | null;
                        expirationDatetime: string | null;
                        coveringAgentID: number;
                        notes: string | null;
                        offeringAgentID: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    findShiftWantsCoverage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                lookingForCoverageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingForCoverageID: number;
                        timeScheduleItemID: number | null;
                        agentID: number;
                        initials: string | null;
                        agentType: number | null;
                        startTime: string;
                        endTime: string;
                        type: number;
                        openToTrade: number;
                        notes: string | null;
                        payRate: number | null;
                        openToCots: number;
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getShiftDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                timeScheduleItemId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        scheduleId: number;
                        agentId: number;
                        startDateTime: string;
                        endDateTime: string;
                        shiftType: number;
                        isCovering: boolean;
                        payRate: number;
                        cots: number;
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getUserDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                        agentType: number;
                        initials: string | null;
                        firstName: string | null;
                        lastName: string | null;
                        probationUntil: string | null;
                        terminationPendingDateTime: string | null;
                        personalTime: number;
                        vacationTime: number;
                        fmlaIntermittentUntil: string | null;
                        fmlaContinuousUntil: string | null;
                        /** @enum {string} */
                        spanish: "True" | "False";
                        /** @enum {string} */
                        canCoverDOCS: "True" | "False";
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getDayDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        holiday: 0 | 1;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    acceptOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Offer accepted."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this; nothing was saved. Rules:
             *     - `acceptOffer.recipient`: ERROR: Only the person this offer was made to can accept it.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `acceptOffer.offerExists`: ERROR: This offer no longer exists.
             *     - `acceptOffer.pending`: ERROR: This offer was already {status}.
             *     - `acceptOffer.expired`: ERROR: This offer expired at {time}.
             *     - `acceptOffer.postingActive`: ERROR: This shift is no longer seeking coverage.
             *     - `acceptOffer.shiftDeleted`: ERROR: This shift was deleted.
             *     - `acceptOffer.shiftNowEnding`: ERROR: This shift is now ending at {time}
             *     - `acceptOffer.shiftNowBeginning`: ERROR: This shift is now beginning at {time}
             *     - `acceptOffer.tradeSwapDeleted`: ERROR: The shift offered in a trade was deleted.
             *     - `acceptOffer.tradeSwapNowEnding`: ERROR: The shift offered in the trade is now ending at {time}
             *     - `acceptOffer.tradeSwapNowBeginning`: ERROR: The shift offered in the trade is now beginning at {time}
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `acceptOffer.coveragePosting`: ERROR: This offer is not for a shift seeking coverage.
             *     - `acceptOffer.shiftStarted`: ERROR: Shift already started.
             *     - `acceptOffer.startBeforeEnd`: ERROR: Start date must be valid.
             *     - `acceptOffer.withinPosting`: ERROR: You must create a counter offer. Coverage times must be within the valid shift hours.
             *     - `acceptOffer.coveringMaxAfter`: ERROR: Covering agent is unable to work more than 600 minutes (10 hours) in an 18 hour period. Please cut {excess} min from this offer.
             *     - `acceptOffer.coveringMaxBefore`: ERROR: Covering agent is unable to work more than 600 minutes (10 hours) in an 18 hour period. Please cut {excess} min from this offer.
             *     - `acceptOffer.coveringScheduled`: ERROR: Covering agent is already scheduled during these hours.
             *     - `acceptOffer.coveringProbation`: ERROR: The user offering to cover is now on probation and cannot offer coverage. Please reject this offer.
             *     - `acceptOffer.tradeSwapStarted`: ERROR: Shift proposed in trade already started.
             *     - `acceptOffer.tradeSwapMaxAfter`: ERROR: Swap agent is unable to work more than 600 minutes (10 hours) in an 18 hour period. Please cut {excess} min from this swap.
             *     - `acceptOffer.tradeSwapMaxBefore`: ERROR: Swap agent is unable to work more than 600 minutes (10 hours) in an 18 hour period. Please cut {excess} min from this swap.
             *     - `acceptOffer.tradeSwapScheduled`: ERROR: Agent is already scheduled during the proposed swap hours.
             *     - `acceptOffer.tradePosterProbation`: ERROR: The user looking for coverage is now on probation and cannot trade shifts. Please reject this offer.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    acceptOfferHours: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Offer accepted."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this; nothing was saved. Rules:
             *     - `acceptOfferHours.recipient`: ERROR: Only the person this offer was made to can accept it.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `acceptOfferHours.offerExists`: ERROR: This offer no longer exists.
             *     - `acceptOfferHours.pending`: ERROR: This offer was already {status}.
             *     - `acceptOfferHours.expired`: ERROR: This offer expired at {time}.
             *     - `acceptOfferHours.postingActive`: ERROR: This request to pick up hours is no longer active.
             *     - `acceptOfferHours.shiftDeleted`: ERROR: This shift was deleted.
             *     - `acceptOfferHours.shiftNowEnding`: ERROR: This shift is now ending at {time}
             *     - `acceptOfferHours.shiftNowBeginning`: ERROR: This shift is now beginning at {time}
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `acceptOfferHours.pickupPosting`: ERROR: This offer is not for hours you asked for.
             *     - `acceptOfferHours.shiftStarted`: ERROR: Shift already started.
             *     - `acceptOfferHours.startBeforeEnd`: ERROR: Start date must be valid.
             *     - `acceptOfferHours.withinPosting`: ERROR: You must create a counter offer. Coverage times must be within the valid shift hours.
             *     - `acceptOfferHours.maxAfter`: ERROR: Covering agent is unable to work more than 600 minutes (10 hours) in an 18 hour period. Please cut {excess} min from this offer.
             *     - `acceptOfferHours.maxBefore`: ERROR: Covering agent is unable to work more than 600 minutes (10 hours) in an 18 hour period. Please cut {excess} min from this offer.
             *     - `acceptOfferHours.scheduled`: ERROR: Covering agent is already scheduled during these hours.
             *     - `acceptOfferHours.probation`: ERROR: Cannot be on probation to pick up hours.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    updateOfferWithNotes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    OfferID: number;
                    Notes?: string | null;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Comment saved."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this; nothing was saved. Rules:
             *     - `updateOfferWithNotes.ownOffer`: ERROR: You can only comment on offers you made or that were made to you.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `updateOfferWithNotes.offerExists`: ERROR: This offer no longer exists.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `updateOfferWithNotes.maxLength`: ERROR: Comments can be at most 75 characters.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    rejectOffer: {
        parameters: {
            query?: {
                /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                confirmed?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Offer declined."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this; nothing was saved. Rules:
             *     - `rejectOffer.recipient`: ERROR: Only the person this offer was made to can decline it.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `rejectOffer.offerExists`: ERROR: This offer no longer exists.
             *     - `rejectOffer.pending`: ERROR: This offer was already {status}.
             *     - `rejectOffer.expired`: ERROR: This offer expired at {time}.
             *     - `rejectOffer.postingActive`: ERROR: This shift is no longer seeking coverage.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `rejectOffer.coveragePosting`: ERROR: This offer is not for a shift seeking coverage.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    rejectOfferHours: {
        parameters: {
            query?: {
                /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                confirmed?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Offer declined."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this; nothing was saved. Rules:
             *     - `rejectOfferHours.recipient`: ERROR: Only the person this offer was made to can decline it.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `rejectOfferHours.offerExists`: ERROR: This offer no longer exists.
             *     - `rejectOfferHours.pending`: ERROR: This offer was already {status}.
             *     - `rejectOfferHours.expired`: ERROR: This offer expired at {time}.
             *     - `rejectOfferHours.hoursPostingActive`: ERROR: This request to pick up hours is no longer active.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `rejectOfferHours.pickupPosting`: ERROR: This offer is not for hours you asked for.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    withdrawOffer: {
        parameters: {
            query?: {
                /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                confirmed?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Offer withdrawn."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this; nothing was saved. Rules:
             *     - `withdrawOffer.maker`: ERROR: Only the person who made this offer can withdraw it.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `withdrawOffer.offerExists`: ERROR: This offer no longer exists.
             *     - `withdrawOffer.pending`: ERROR: This offer was already {status}.
             *     - `withdrawOffer.expired`: ERROR: This offer expired at {time}.
             *     - `withdrawOffer.postingActive`: ERROR: This shift is no longer seeking coverage.
             *     - `withdrawOffer.hoursPostingActive`: ERROR: This request to pick up hours is no longer active.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description A rule stops the action (outcome error); nothing was saved. Rules: */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    nudgeOffer: {
        parameters: {
            query?: {
                /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                confirmed?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Sent a nudge."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this; nothing was saved. Rules:
             *     - `nudgeOffer.maker`: ERROR: Only the person who made this offer can nudge it.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `nudgeOffer.offerExists`: ERROR: This offer no longer exists.
             *     - `nudgeOffer.pending`: ERROR: This offer was already {status}.
             *     - `nudgeOffer.expired`: ERROR: This offer expired at {time}.
             *     - `nudgeOffer.postingActive`: ERROR: This shift is no longer seeking coverage.
             *     - `nudgeOffer.hoursPostingActive`: ERROR: This request to pick up hours is no longer active.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `nudgeOffer.onceADay`: You can only nudge once every 24 hours. You nudged at {nudgedAt}. You can nudge again at {nextNudgeAt}
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    callOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    TimeScheduleItemID: number;
                    PersonalTime?: number | null;
                    Message?: string | null;
                    ViolationType?: number | null;
                    Reason?: number | null;
                    VacationApplied?: boolean | null;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Log entry created."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `callOut.ownShift`: ERROR: You can only call out of your own shifts.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `callOut.shiftExists`: ERROR: This shift was deleted.
             *     - `callOut.alreadyCalledOut`: ERROR: You already called out of this shift.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `callOut.mainShift`: ERROR: Select a shift to call out of.
             *     - `callOut.logEntry`: ERROR: Must create a log entry.
             *     - `callOut.personalChoice`: ERROR: Choose whether to use personal time.
             *     - `callOut.violationType`: ERROR: The Call Out screen reports call outs only.
             *     - `callOut.reason`: ERROR: Please choose a reason.
             *     - `callOut.fmla`: ERROR: FMLA does not cover this shift.
             *     - `callOut.vacationChoice`: ERROR: Please choose whether to apply vacation.
             *     - `callOut.vacationNotOffered`: ERROR: Vacation cannot be applied: it is offered only while you have vacation left and have applied less than 900 minutes of it to attendance.
             *     - `callOut.started`: ERROR: This shift already started.
             *     - `callOut.noticeWindow`: ERROR: You can only call out up to 48 hours before the shift starts.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    handlePendingChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    OfferMessageID: number;
                    Notes?: string | null;
                    Message?: string | null;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Message answered."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `handlePendingChange.who`: ERROR: You can only answer messages about offers made by you or to you.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `handlePendingChange.exists`: ERROR: This message no longer exists.
             *     - `handlePendingChange.handled`: ERROR: This message was already answered.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `handlePendingChange.notesLength`: ERROR: Notes must be less than 100 characters.
             *     - `handlePendingChange.messageLength`: ERROR: Message must be less than 200 characters.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    loggingInLog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The state changed under the user (outcome error); nothing was saved. Rules: */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description A rule stops the action (outcome error); nothing was saved. Rules: */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    loggingOutLog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The state changed under the user (outcome error); nothing was saved. Rules: */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description A rule stops the action (outcome error); nothing was saved. Rules: */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getNudgedDate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                offerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerID: number;
                        /** @description When it was last nudged, or null */
                        nudgedDate: string | null;
                        /** @description When it may be nudged again, or null */
                        nextNudgeDate: string | null;
                        /** @description The offer's status; a pending offer past its expiration is 'expired' */
                        status: string;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getOfferHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        dateTime: string;
                        message: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    approvedPersonal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        agentID: number;
                        initials: string | null;
                        timeScheduleItemID: number | null;
                        startTime: string;
                        endTime: string;
                        minutes: number;
                        requestedAt: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    getMyStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        minWorked: number;
                        shiftChanges: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getAllStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        minWorked: number;
                        shiftChanges: number;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    getCallSpecialists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                        initials: string | null;
                        fullName: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    initials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                initials: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    toAgentID?: number | null;
                    Notes?: string | null;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "Your message has been sent."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `sendMessage.recipientCategory`: ERROR: You are unable to start a chat with this person.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description The state changed under the user (outcome error); nothing was saved. Rules: */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `sendMessage.typeMessage`: Please type a message.
             *     - `sendMessage.maxLength`: ERROR: Message must be less than 200 characters.
             *     - `sendMessage.selectRecipient`: ERROR: Select a recipient.
             *     - `sendMessage.notYourself`: ERROR: Cannot send message to yourself, silly goose.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    readMessages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    toAgentID: number;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The state changed under the user (outcome error); nothing was saved. Rules: */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `readMessages.partnerExists`: ERROR: There is no such person to chat with.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    deleteThread: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    toAgentID: number;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "You successfully deleted the thread."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The state changed under the user (outcome error); nothing was saved. Rules: */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `deleteThread.partnerExists`: ERROR: There is no such person to chat with.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getMyTexts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        msgID: number;
                        fromEmpID: number;
                        toEmpID: number;
                        fromInitials: string | null;
                        toInitials: string | null;
                        message: string | null;
                        dateTime: string;
                        toReadDateTime: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getJess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                        initials: string | null;
                        fullName: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    getOpsManagement: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                        initials: string | null;
                        fullName: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    myPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                        agentType: number;
                        spanish: boolean;
                        /** @description Each permission of rules/roles.json by name: a flag or a list of values */
                        permissions: {
                            [key: string]: boolean | (string | number)[];
                        };
                    };
                };
            };
            401: components["responses"]["NotSignedIn"];
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getAllTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                        initials: string | null;
                        fullName: string;
                        agentType: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    userTeamShifts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        scheduleId: number;
                        agentID: number;
                        initials: string | null;
                        /** @enum {string} */
                        title: " My Shift" | "Meal Break";
                        startTime: string;
                        endTime: string;
                        type: number;
                        isCovering: boolean;
                        payRate: number;
                        cots: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    teamLookingForCov: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingForCoverageID: number;
                        timeScheduleItemID: number | null;
                        agentID: number;
                        initials: string | null;
                        agentType: number | null;
                        startTime: string;
                        endTime: string;
                        type: number;
                        openToTrade: number;
                        notes: string | null;
                        payRate: number | null;
                        openToCots: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    teamLookingForHours: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingToPickUpID: number;
                        agentID: number;
                        initials: string | null;
                        agentType: number | null;
                        startTime: string;
                        endTime: string;
                        type: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getSups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                        initials: string | null;
                        fullName: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    getAMs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                        initials: string | null;
                        fullName: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    releaseNotes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        version: number;
                        /** @description Eastern YYYY-MM-DD */
                        date: string;
                        releasedAt: string;
                        notes: string | null;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    postOpenShift: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    StartTime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    EndTime: string;
                    Type: number;
                    ShiftCredits: number;
                    PayRate: number;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    AssistantAfterDate?: string | null;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Open shift has been created."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `postOpenShift.role`: ERROR: You are unable to create an open shift.
             *     - `postOpenShift.typeForRole`: ERROR: You are unable to post this type of open shift.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description The state changed under the user (outcome error); nothing was saved. Rules: */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `postOpenShift.knownType`: ERROR: {type} is not a type of open shift.
             *     - `postOpenShift.startBeforeEnd`: Start date must be valid.
             *     - `postOpenShift.maxLength`: Cannot create more than a 10 hour open shift.
             *     - `postOpenShift.endAhead`: ERROR: End time must be in the future.
             *     - `postOpenShift.shiftCredits`: ERROR: Extra COTS must be a whole number from 0 to 10.
             *     - `postOpenShift.payRate`: ERROR: Pay rate must be 1x, 1.5x, 2x or 3x.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    editOpenShift: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    TimeScheduleItemID: number;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    StartTime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    EndTime: string;
                    Type: number;
                    ShiftCredits: number;
                    PayRate: number;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    AssistantAfterDate?: string | null;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Open shift has been edited."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `editOpenShift.rank`: ERROR! You're unable to edit an open shift. How did you get here?
             *     - `editOpenShift.editableType`: ERROR! You're unable to edit this open shift.
             *     - `editOpenShift.typeForRole`: ERROR: You are unable to post this type of open shift.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `editOpenShift.available`: ERROR: This open shift is no longer available.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `editOpenShift.notTraining`: ERROR: Open training shifts are edited on the Edit Open Training Shift screen.
             *     - `editOpenShift.knownType`: ERROR: {type} is not a type of open shift.
             *     - `editOpenShift.startBeforeEnd`: Start date must be valid.
             *     - `editOpenShift.maxLength`: Cannot create more than a 12 hour open shift.
             *     - `editOpenShift.endAhead`: ERROR: End time must be in the future.
             *     - `editOpenShift.shiftCredits`: ERROR: Extra COTS must be a whole number from 0 to 10.
             *     - `editOpenShift.payRate`: ERROR: Pay rate must be 1x, 1.5x, 2x or 3x.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    removeOpenShift: {
        parameters: {
            query?: {
                /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                confirmed?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
                id2: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Open shift removed."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `removeOpenShift.role`: ERROR! You're unable to remove this open shift.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `removeOpenShift.available`: ERROR: This open shift is no longer available.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description A rule stops the action (outcome error); nothing was saved. Rules: */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    postOpenTrainingShift: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    StartTime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    EndTime: string;
                    Type: number;
                    ShiftCredits: number;
                    Quantity: number;
                    PayRate?: number | null;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Open shift has been created."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `postOpenTrainingShift.role`: ERROR! You're unable to create a training open shift.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description The state changed under the user (outcome error); nothing was saved. Rules: */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `postOpenTrainingShift.knownType`: ERROR: Choose QA Reviews, Training Class or Watch Week.
             *     - `postOpenTrainingShift.startBeforeEnd`: ERROR: Start date must be valid.
             *     - `postOpenTrainingShift.maxLength`: ERROR: Cannot create more than a 24 hour open training shift.
             *     - `postOpenTrainingShift.endAhead`: ERROR: End time must be in the future.
             *     - `postOpenTrainingShift.shiftCredits`: ERROR: Extra COTS must be a whole number from 0 to 10.
             *     - `postOpenTrainingShift.quantity`: ERROR: Quantity of openings must be a whole number from 1 to 11.
             *     - `postOpenTrainingShift.payRate`: ERROR: Pay rate must be 1x, 1.5x, 2x or 3x.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    editOpenTrainingShift: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    TimeScheduleItemID: number;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    StartTime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    EndTime: string;
                    ShiftCredits: number;
                    PayRate: number;
                    Quantity: number;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Open shift has been edited."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `editOpenTrainingShift.rank`: ERROR! You're unable to edit a training open shift.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `editOpenTrainingShift.available`: ERROR: This open shift is no longer available.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `editOpenTrainingShift.trainingType`: ERROR: This is not an open training shift.
             *     - `editOpenTrainingShift.startBeforeEnd`: ERROR: Start date must be valid.
             *     - `editOpenTrainingShift.maxLength`: ERROR: Cannot create more than a 24 hour open training shift.
             *     - `editOpenTrainingShift.endAhead`: ERROR: End time must be in the future.
             *     - `editOpenTrainingShift.shiftCredits`: ERROR: Extra COTS must be a whole number from 0 to 10.
             *     - `editOpenTrainingShift.payRate`: ERROR: Pay rate must be 1x, 1.5x, 2x or 3x.
             *     - `editOpenTrainingShift.quantity`: ERROR: Quantity of openings must be a whole number from 1 to 11.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    lookupShift: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description The main shift */
                        scheduleId: number;
                        agentId: number;
                        shiftType: number;
                        coveringShift: boolean;
                        startDateTime: string;
                        endDateTime: string;
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    findOnePending: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                swapPendingShiftId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The main shift */
                        timeScheduleItemID: number;
                        startTime: string;
                        endTime: string;
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getSwapTimeID: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                swapPendingShiftId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The main shift */
                        timeScheduleItemID: number;
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    areTheyWorking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                startDate: string;
                startTime: string;
                endDate: string;
                endTime: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description The main shift */
                        scheduleId: number;
                        shiftType: number;
                        startDateTime: string;
                        endDateTime: string;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getMin18HourPeriodAfter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                date: string;
                time: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        minutesWorked: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getMin18HourPeriodBefore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                date: string;
                time: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        minutesWorked: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getMin18HourPeriodAfterTrade: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                date: string;
                time: string;
                givenUpStartDate: string;
                givenUpStartTime: string;
                givenUpEndDate: string;
                givenUpEndTime: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        minutesWorked: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getMin18HourPeriodBeforeTrade: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                date: string;
                time: string;
                givenUpStartDate: string;
                givenUpStartTime: string;
                givenUpEndDate: string;
                givenUpEndTime: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        minutesWorked: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getCanCoverDOCS: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        canCoverDOCS: "True" | "False";
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    isSpanishOK: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                date: string;
                time: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    isSupOK: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                date: string;
                time: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    getDayDetailsAndBefore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        date: string;
                        holiday: 0 | 1;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    getDayDetailsAndAfter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        date: string;
                        holiday: 0 | 1;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    getMinWorkedWeek: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        minutesWorked: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getQAInDay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        minutesWorked: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    lookupCustService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description The main shift */
                        scheduleId: number;
                        shiftType: number;
                        startDateTime: string;
                        endDateTime: string;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    lookupLunchCombine: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description The main shift */
                        scheduleId: number;
                        shiftType: number;
                        startDateTime: string;
                        endDateTime: string;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    postShift: {
        parameters: {
            query?: {
                /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                confirmed?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    StartTime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    EndTime: string;
                    Notes?: string | null;
                    OpenToCots?: number | null;
                    OpenToTrade?: number | null;
                    TimeScheduleItemID: number;
                    Type?: number | null;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "Your request for coverage has been posted."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `postShift.ownShift`: ERROR: You can only post your own shifts for coverage.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `postShift.shiftExists`: ERROR: This shift was deleted.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `postShift.mainShift`: ERROR: Select a shift to post.
             *     - `postShift.tradeOption`: ERROR: Select whether you are open to trading shifts.
             *     - `postShift.startLeadTime`: ERROR: Start time must be at least 5 minutes from now.
             *     - `postShift.startBeforeEnd`: ERROR: Start date must be valid.
             *     - `postShift.withinShift`: ERROR: Shift times must be within the valid shift hours.
             *     - `postShift.minimumDuration`: ERROR: Coverage duration must be at least 5 minutes.
             *     - `postShift.startOffset`: ERROR: Coverage start must equal the shift start OR at least 5 minutes later.
             *     - `postShift.endOffset`: ERROR: Coverage end must equal the shift end OR at least 5 minutes before.
             *     - `postShift.notesLength`: ERROR: Notes must be less than 200 characters.
             *     - `postShift.extraCots`: ERROR: Extra COTS must be from 0 to 10.
             *     - `postShift.minimumRank`: ERROR: Must be at least an Advanced Trainee to post for coverage.
             *     - `postShift.accountManagerHoliday`: ERROR: Account Managers cannot post for or offer coverage unless it is a holiday.
             *     - `postShift.rankHoliday`: ERROR: You are unable to post for coverage.
             *     - `postShift.probationTrade`: ERROR: You cannot trade shifts on probation. You can only find coverage.
             *     - `postShift.alreadyPosted`: ERROR: Part of this shift is already posted.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    editCoverage: {
        parameters: {
            query?: {
                /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                confirmed?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    StartTime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    EndTime: string;
                    Notes?: string | null;
                    OpenToCots?: number | null;
                    OpenToTrade?: number | null;
                    TimeScheduleItemID?: number | null;
                    Type?: number | null;
                    LookingForCoverageID: number;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Request for coverage has been edited."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `editCoverage.owner`: ERROR: You are not able to edit someone else's shift.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `editCoverage.postingActive`: ERROR: This shift is no longer seeking coverage.
             *     - `editCoverage.shiftExists`: ERROR: This shift was deleted.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `editCoverage.sameShift`: ERROR: This posting is for another shift.
             *     - `editCoverage.tradeOption`: ERROR: Select whether you are open to trading shifts.
             *     - `editCoverage.startLeadTime`: ERROR: Start time must be at least 5 minutes from now.
             *     - `editCoverage.startBeforeEnd`: ERROR: Start date must be valid.
             *     - `editCoverage.withinShift`: ERROR: Shift times must be within the valid shift hours.
             *     - `editCoverage.minimumDuration`: ERROR: Coverage duration must be at least 5 minutes.
             *     - `editCoverage.startOffset`: ERROR: Coverage start must equal the shift start OR at least 5 minutes later.
             *     - `editCoverage.endOffset`: ERROR: Coverage end must equal the shift end OR at least 5 minutes before.
             *     - `editCoverage.notesLength`: ERROR: Notes must be less than 200 characters.
             *     - `editCoverage.extraCots`: ERROR: Extra COTS must be from 0 to 10.
             *     - `editCoverage.minimumRank`: ERROR: Must be at least an Advanced Trainee to post for coverage.
             *     - `editCoverage.accountManagerHoliday`: ERROR: Account Managers cannot post for or offer coverage unless it is a holiday.
             *     - `editCoverage.rankHoliday`: ERROR: You are unable to post for coverage.
             *     - `editCoverage.probationTrade`: ERROR: You cannot trade shifts on probation. You can only find coverage.
             *     - `editCoverage.alreadyPosted`: ERROR: Part of this shift is already posted.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    postWantWork: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    StartTime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    EndTime: string;
                    Notes?: string | null;
                    Type?: number | null;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Your availability to pick up hours has been posted."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The state changed under the user (outcome error); nothing was saved. Rules: */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `postWantWork.minimumRank`: ERROR: Must be at least an Advanced Trainee to post for hours.
             *     - `postWantWork.onCall`: ERROR: On Call CS cannot pick up hours.
             *     - `postWantWork.hoursType`: ERROR: Please select whether you want Call Specialist or Supervisor hours.
             *     - `postWantWork.probation`: ERROR: Cannot be on probation to pick up hours.
             *     - `postWantWork.startBeforeEnd`: ERROR: Start date must be valid.
             *     - `postWantWork.minimumDuration`: ERROR: Work duration must be at least 5 minutes.
             *     - `postWantWork.notesLength`: ERROR: Notes must be less than 100 characters.
             *     - `postWantWork.schedulePosted`: ERROR: Cannot request hours until that day's schedule is posted.
             *     - `postWantWork.accountManagerHoliday`: ERROR: Account Managers cannot request hours unless it is a holiday.
             *     - `postWantWork.rankHoliday`: ERROR: You are unable to post for hours.
             *     - `postWantWork.customerServiceDocs`: ERROR: You are unable to work Customer Service hours (unless holiday).
             *     - `postWantWork.assistantCustomerService`: ERROR: You are unable to work Customer Service hours (unless holiday).
             *     - `postWantWork.assistantSupervisorHoliday`: ERROR: You are unable to work Supervisor hours on a holiday.
             *     - `postWantWork.alreadyPosted`: ERROR: You already posted that you want hours during this timeframe.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    editHours: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    StartTime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    EndTime: string;
                    Notes?: string | null;
                    Type?: number | null;
                    TimeScheduleItemID: number;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Request for hours has been edited."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `editHours.owner`: ERROR: You are not able to edit someone else's shift.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `editHours.postingActive`: ERROR: This request to pick up hours is no longer active.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `editHours.minimumRank`: ERROR: Must be at least an Advanced Trainee to post for hours.
             *     - `editHours.onCall`: ERROR: On Call CS cannot pick up hours.
             *     - `editHours.hoursType`: ERROR: Please select whether you want Call Specialist or Supervisor hours.
             *     - `editHours.probation`: ERROR: Cannot be on probation to pick up hours.
             *     - `editHours.startBeforeEnd`: ERROR: Start date must be valid.
             *     - `editHours.minimumDuration`: ERROR: Work duration must be at least 5 minutes.
             *     - `editHours.notesLength`: ERROR: Notes must be less than 100 characters.
             *     - `editHours.schedulePosted`: ERROR: Cannot request hours until that day's schedule is posted.
             *     - `editHours.accountManagerHoliday`: ERROR: Account Managers cannot request hours unless it is a holiday.
             *     - `editHours.rankHoliday`: ERROR: You are unable to post for hours.
             *     - `editHours.customerServiceDocs`: ERROR: You are unable to work Customer Service hours (unless holiday).
             *     - `editHours.assistantCustomerService`: ERROR: You are unable to work Customer Service hours (unless holiday).
             *     - `editHours.assistantSupervisorHoliday`: ERROR: You are unable to work Supervisor hours on a holiday.
             *     - `editHours.alreadyPosted`: ERROR: You already posted that you want hours during this timeframe.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    removeShiftFromCoverage: {
        parameters: {
            query?: {
                /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                confirmed?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this; nothing was saved. Rules:
             *     - `removeShiftFromCoverage.owner`: ERROR: You can only remove your own postings.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `removeShiftFromCoverage.postingActive`: ERROR: This shift is no longer seeking coverage.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description A rule stops the action (outcome error); nothing was saved. Rules: */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    removePosting: {
        parameters: {
            query?: {
                /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                confirmed?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this; nothing was saved. Rules:
             *     - `removePosting.owner`: ERROR: You can only remove your own postings.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `removePosting.postingActive`: ERROR: This request to pick up hours is no longer active.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description A rule stops the action (outcome error); nothing was saved. Rules: */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    lookupPosting: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingForCoverageID: number;
                        timeScheduleItemID: number | null;
                        agentID: number;
                        initials: string | null;
                        agentType: number | null;
                        startTime: string;
                        endTime: string;
                        type: number;
                        openToTrade: number;
                        notes: string | null;
                        payRate: number | null;
                        openToCots: number;
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    wantsHoursDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingToPickUpID: number;
                        agentID: number;
                        initials: string | null;
                        startDatetime: string;
                        endDatetime: string;
                        notes: string | null;
                        type: number;
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    isShiftPosted: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                startDate: string;
                startTime: string;
                endDate: string;
                endTime: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingForCoverageID: number;
                        timeScheduleItemID: number | null;
                        agentID: number;
                        initials: string | null;
                        agentType: number | null;
                        startTime: string;
                        endTime: string;
                        type: number;
                        openToTrade: number;
                        notes: string | null;
                        payRate: number | null;
                        openToCots: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    isHoursPosted: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                startDate: string;
                startTime: string;
                endDate: string;
                endTime: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lookingToPickUpID: number;
                        agentID: number;
                        initials: string | null;
                        agentType: number | null;
                        startTime: string;
                        endTime: string;
                        type: number;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    isShiftCustService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                startDate: string;
                startTime: string;
                endDate: string;
                endTime: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scheduleId: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    requestCut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    EndTime: string;
                    TimeScheduleItemID: number;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "Success! We have received your request."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `requestCut.ownShift`: ERROR: You can only request a cut on your own shift.
             *     - `requestCut.agentType`: ERROR: You are unable to request a cut through Shiftinator.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `requestCut.shiftExists`: ERROR: This shift was deleted.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `requestCut.wholeShift`: ERROR: Select a shift, not a part of one.
             *     - `requestCut.within24Hours`: ERROR: Cuts can only be requested within 24 hours of the shift start.
             *     - `requestCut.notPast`: ERROR: Cut time cannot be in the past.
             *     - `requestCut.notShiftEnd`: ERROR: Please change the cut time to something other than the shift end time.
             *     - `requestCut.withinShift`: ERROR: Cut time must be within the shift.
             *     - `requestCut.trainingShift`: ERROR: QA Review, Training Class and Watch Week shifts cannot be cut.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    cutUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    StartTime?: string | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    EndTime?: string | null;
                    TimeScheduleItemID: number;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "Success! They are cut."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `cutUser.supervisorsOnly`: ERROR: Only supervision can cut a shift.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `cutUser.shiftExists`: ERROR: This shift was deleted.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `cutUser.wholeShift`: ERROR: Select a shift, not a part of one.
             *     - `cutUser.chooseFullOrPart`: ERROR: Choose to cut the entire shift or part of it.
             *     - `cutUser.notPast`: ERROR: Cut time cannot be in the past.
             *     - `cutUser.partChanges`: ERROR: To cut part of the shift, change its start or end time.
             *     - `cutUser.startBeforeEnd`: ERROR: Start date must be valid.
             *     - `cutUser.withinShift`: ERROR: Shift times must be within the valid shift hours.
             *     - `cutUser.bilingualCoverage`: ERROR: There is not enough bilingual coverage to cut this shift.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    denyCut: {
        parameters: {
            query?: {
                /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                confirmed?: "true" | "false";
            };
            header?: never;
            path: {
                shiftId: string;
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Cut denied."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this; nothing was saved. Rules:
             *     - `denyCut.supervisorsOnly`: ERROR: Only supervision can deny a cut request.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `denyCut.pending`: ERROR: This request is no longer pending.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description A rule stops the action (outcome error); nothing was saved. Rules: */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    denyCutSelf: {
        parameters: {
            query?: {
                /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                confirmed?: "true" | "false";
            };
            header?: never;
            path: {
                shiftID: string;
                agentID: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Request removed."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `denyCutSelf.pending`: ERROR: This request is no longer pending.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description A rule stops the action (outcome error); nothing was saved. Rules: */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    requestLunch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    TimeScheduleItemID: number;
                    Notes?: string | null;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "Success! We have received your request."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `requestLunch.ownShift`: ERROR: You can only request a different lunch on your own shift.
             *     - `requestLunch.agentType`: ERROR: You are unable to request a different lunch break through Shiftinator.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `requestLunch.shiftExists`: ERROR: This shift was deleted.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `requestLunch.wholeShift`: ERROR: Select a shift, not a part of one.
             *     - `requestLunch.shiftOver`: ERROR: This shift has already ended.
             *     - `requestLunch.maxLength`: ERROR: Message must be less than 200 characters.
             *     - `requestLunch.minLength`: ERROR: Please include some time options for Supervision.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    approveLunch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    StartTime: string;
                    TimeScheduleItemID: number;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "Success! Their lunch is updated."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `approveLunch.supervisorsOnly`: ERROR: Only supervision can approve a meal break.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `approveLunch.shiftExists`: ERROR: This shift was deleted.
             *     - `approveLunch.pending`: ERROR: This request is no longer pending.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `approveLunch.wholeShift`: ERROR: Select a shift, not a part of one.
             *     - `approveLunch.notPast`: ERROR: Start time cannot be in the past.
             *     - `approveLunch.afterShiftStart`: ERROR: Lunch start must be after the shift begins.
             *     - `approveLunch.notShiftStart`: ERROR: Please change the lunch start time to something other than the shift start time.
             *     - `approveLunch.endsInShift`: ERROR: Lunch must end by the time the shift ends.
             *     - `approveLunch.breakTaken`: ERROR: Their meal break has already started.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    denyLunch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                shiftId: string;
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Request denied."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this; nothing was saved. Rules:
             *     - `denyLunch.supervisorsOnly`: ERROR: Only supervision can deny a meal break request.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `denyLunch.pending`: ERROR: This request is no longer pending.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description A rule stops the action (outcome error); nothing was saved. Rules: */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    denyLunchSelf: {
        parameters: {
            query?: {
                /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                confirmed?: "true" | "false";
            };
            header?: never;
            path: {
                shiftID: string;
                agentID: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Request removed."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `denyLunchSelf.pending`: ERROR: This request is no longer pending.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description A rule stops the action (outcome error); nothing was saved. Rules: */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getFirstShiftCuts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeScheduleItemID: number;
                        agentID: number;
                        initials: string | null;
                        timestampRequested: string;
                        requestedEndTime: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getSecondShiftCuts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeScheduleItemID: number;
                        agentID: number;
                        initials: string | null;
                        timestampRequested: string;
                        requestedEndTime: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getThirdShiftCuts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeScheduleItemID: number;
                        agentID: number;
                        initials: string | null;
                        timestampRequested: string;
                        requestedEndTime: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getCutMainShifts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scheduleID: number;
                        startDateTime: string;
                        endDateTime: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getCutSubShifts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scheduleID: number;
                        shiftType: number;
                        startDateTime: string;
                        endDateTime: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    lookupCut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeScheduleItemID: number;
                        agentID: number;
                        initials: string | null;
                        timestampRequested: string;
                        requestedEndTime: string;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getMyCutRequests: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeScheduleItemID: number;
                        agentID: number;
                        initials: string | null;
                        timestampRequested: string;
                        requestedEndTime: string;
                        startDateTime: string;
                        endDateTime: string;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getFirstShiftLunches: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeScheduleItemID: number;
                        agentID: number;
                        initials: string | null;
                        timestampRequested: string;
                        notes: string | null;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getSecondShiftLunches: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeScheduleItemID: number;
                        agentID: number;
                        initials: string | null;
                        timestampRequested: string;
                        notes: string | null;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getThirdShiftLunches: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeScheduleItemID: number;
                        agentID: number;
                        initials: string | null;
                        timestampRequested: string;
                        notes: string | null;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getLunchMainShifts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scheduleID: number;
                        startDateTime: string;
                        endDateTime: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getLunchSubShifts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scheduleID: number;
                        shiftType: number;
                        startDateTime: string;
                        endDateTime: string;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    lookupLunch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeScheduleItemID: number;
                        agentID: number;
                        initials: string | null;
                        timestampRequested: string;
                        notes: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getMyLunchRequests: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeScheduleItemID: number;
                        agentID: number;
                        initials: string | null;
                        timestampRequested: string;
                        notes: string | null;
                        startDateTime: string;
                        endDateTime: string;
                        breakStartDateTime: string | null;
                        breakEndDateTime: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    requestPersonal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    TimeScheduleItemID: number;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    StartTime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    EndTime: string;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "Success! Personal time was approved."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `requestPersonal.ownShift`: ERROR: You can only request personal time from your own shifts.
             *     - `requestPersonal.rank`: ERROR: You are unable to request personal time through Shiftinator.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `requestPersonal.shiftExists`: ERROR: This shift was deleted.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `requestPersonal.mainShift`: ERROR: Select a shift, not a meal break or other part of one.
             *     - `requestPersonal.trainingType`: ERROR: QA Review, Training Class and Watch Week shifts cannot be converted to personal time.
             *     - `requestPersonal.startLeadTime`: ERROR: Personal time must be requested at least 1 hour in advance.
             *     - `requestPersonal.shiftLeadTime`: ERROR: Personal time must be requested at least 1 hour before the shift starts.
             *     - `requestPersonal.startBeforeEnd`: ERROR: Start date must be valid.
             *     - `requestPersonal.withinShift`: ERROR: Shift times must be within the valid shift hours.
             *     - `requestPersonal.afterLeaveEarly`: ERROR: You gave notice of leaving this shift at {leave}: request personal time before then.
             *     - `requestPersonal.available`: ERROR: Not enough personal time. This request needs {needed} minutes and you have {available}.
             *     - `requestPersonal.availableLessFuture`: ERROR: Not enough personal time. This request needs {needed} minutes and you have {left} left after the {future} minutes of personal time you have already requested.
             *     - `requestPersonal.holidayBlock`: ERROR: Personal time cannot be requested from 12/19 to 1/3.
             *     - `requestPersonal.nearHoliday`: ERROR: Personal time cannot be requested on the day before, the day of or the day after a holiday.
             *     - `requestPersonal.shiftClass`: Sorry, this shift is not within 1st, 2nd or 3rd shift hours, please reach out to Supervision.
             *     - `requestPersonal.capacity`: Sorry, request denied. Too many people are on Personal/Vacation during this timeframe.
             *     - `requestPersonal.bilingual`: Sorry, request denied. There is not enough bilingual coverage during this timeframe.
             *     - `requestPersonal.supervisors`: Sorry, request denied. There are not enough Supervisors scheduled during this timeframe.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    giveNotice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    TimeScheduleItemID: number;
                    ViolationType?: number | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    StartTime?: string | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    EndTime?: string | null;
                    VacationApplied?: boolean | null;
                    Reason?: number | null;
                    Message?: string | null;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "Success! Schedule {change}."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `giveNotice.ownShift`: ERROR: You can only give notice for your own shifts.
             *     - `giveNotice.rank`: ERROR: You are unable to report an absence through Shiftinator.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `giveNotice.shiftExists`: ERROR: This shift was deleted.
             *     - `giveNotice.leaveEarlyWaiting`: ERROR: You have already given notice of leaving early from this shift.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `giveNotice.mainShift`: ERROR: Select a shift, not a meal break or other part of one.
             *     - `giveNotice.tooEarly`: ERROR: Notice can only be given within 48 hours of the shift start.
             *     - `giveNotice.shiftOver`: ERROR: This shift has already ended.
             *     - `giveNotice.withinShift`: ERROR: Shift times must be within the valid shift hours.
             *     - `giveNotice.violationType`: ERROR: Please choose Call Out, Arrive Late or Leave Early.
             *     - `giveNotice.reason`: ERROR: Please choose a reason.
             *     - `giveNotice.fmla`: ERROR: FMLA does not cover this shift.
             *     - `giveNotice.vacationChoice`: ERROR: Please choose whether to apply vacation.
             *     - `giveNotice.details`: ERROR: Please include details (at least 5 characters).
             *     - `giveNotice.arriveLateStart`: ERROR: Please choose the time you will arrive.
             *     - `giveNotice.arriveLateAfterLeaveEarly`: ERROR: You gave notice of leaving this shift at {leave}: arrive before then, or call out instead.
             *     - `giveNotice.leaveEarlyEnd`: ERROR: Please choose the time you will leave.
             *     - `giveNotice.vacationNotOffered`: ERROR: Vacation cannot be applied: it is offered only while you have vacation left and have applied less than 900 minutes of it to attendance.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    userFuturePersonal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        minPersonal: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getPersonalVacaUsage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                startDate: string;
                endDate: string;
                rank: string;
                shiftClass: "1" | "2" | "3";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    getAttendanceAgents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: number;
                        initials: string | null;
                        fullName: string;
                        agentType: number;
                    }[];
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    userPaidTime: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        month: string;
                        minWorked: number;
                        minVacation: number;
                        minPersonal: number;
                        minUnpaid: number;
                        minPaid: number;
                        minFMLA: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    getAttendance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        noticeID: number;
                        timeScheduleItemID: number | null;
                        violationType: number;
                        reason: number;
                        startTime: string;
                        endTime: string;
                        vacationApplied: boolean;
                        message: string | null;
                        timestampGiven: string;
                        minutes: number;
                        minPersonal: number;
                        minVacation: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    userPastVacationAttendance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        minVacation: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    userTrainingTime: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        month: string;
                        minQA: number;
                        minCo: number;
                        minAdv: number;
                        minTrain: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    postOfferCoverage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    coverageStartDatetime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    coverageEndDatetime: string;
                    /**
                     * @description From rules/parameters.json (cotsWantedChoices)
                     * @example 0
                     * @enum {number|null}
                     */
                    cotsWanted?: 0 | null;
                    lookingForCoverageID: number;
                    lookingToPickUpID?: number | null;
                    swapAgentID?: number | null;
                    swapScheduleID?: number | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    swapStartDatetime?: string | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    swapEndDatetime?: string | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    expirationDatetime?: string | null;
                    /**
                     * @description From rules/parameters.json (statusChoices)
                     * @example 0
                     * @enum {number|null}
                     */
                    status?: 0 | null;
                    coveringAgentID?: number | null;
                    offerMessage?: string | null;
                    swap2AgentID?: number | null;
                    swap2ScheduleID?: number | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    swap2StartDatetime?: string | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    swap2EndDatetime?: string | null;
                    offeringAgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "{offers}"), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `postOfferCoverage.coveringAgent`: ERROR: You can only offer to cover a shift yourself.
             *     - `postOfferCoverage.minimumRank`: ERROR: Must be at least an Advanced Trainee to offer coverage.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `postOfferCoverage.postingActive`: ERROR: This shift is no longer seeking coverage.
             *     - `postOfferCoverage.tradeShiftValid`: ERROR: Offer failed.
             *     - `postOfferCoverage.trade2ShiftValid`: ERROR: Offers failed.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `postOfferCoverage.ownPosting`: ERROR: You cannot offer to cover your own shift.
             *     - `postOfferCoverage.spanishRequired`: ERROR: A Spanish CS is required to cover this shift.
             *     - `postOfferCoverage.supervisorRequired`: ERROR: An Assistant Supervisor or higher is required to cover this shift.
             *     - `postOfferCoverage.callSpecialistsOnly`: ERROR: Only Call Specialists can cover this shift.
             *     - `postOfferCoverage.customerServiceDocs`: ERROR: Only Account Managers and approved Assistant Supervisors can offer coverage for this shift.
             *     - `postOfferCoverage.probation`: ERROR: Cannot offer coverage while on probation.
             *     - `postOfferCoverage.terminationDate`: ERROR: Cannot offer coverage for shifts after your termination date.
             *     - `postOfferCoverage.accountManagerHoliday`: ERROR: Account Managers cannot post for or offer coverage unless it is a holiday.
             *     - `postOfferCoverage.holidayOnlyRanks`: ERROR: You can only offer a holiday shift.
             *     - `postOfferCoverage.noHolidayRanks`: ERROR: You are unable to offer coverage on a holiday.
             *     - `postOfferCoverage.assistantSupervisorHoliday`: ERROR: Assistant Supervisors cannot cover a Supervisor shift on a holiday.
             *     - `postOfferCoverage.coverStartLeadTime`: ERROR: Start time must be at least 5 minutes from now.
             *     - `postOfferCoverage.coverStartBeforeEnd`: ERROR: Start date must be valid.
             *     - `postOfferCoverage.coverWithin`: ERROR: Shift times must be within the valid shift hours.
             *     - `postOfferCoverage.coverMinimumDuration`: ERROR: Coverage duration must be at least 5 minutes.
             *     - `postOfferCoverage.coverStartOffset`: ERROR: Coverage start must equal the shift start OR at least 5 minutes later.
             *     - `postOfferCoverage.coverEndOffset`: ERROR: Coverage end must equal the shift end OR at least 5 minutes before.
             *     - `postOfferCoverage.fullCoverageOnly`: ERROR: This shift can only be covered in full.
             *     - `postOfferCoverage.coverMaxAfter`: ERROR: You are unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer.
             *     - `postOfferCoverage.coverMaxBefore`: ERROR: You are unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer.
             *     - `postOfferCoverage.coverScheduled`: ERROR: You are already scheduled during these hours.
             *     - `postOfferCoverage.bilingual`: ERROR: Another bilingual CS is required to work the coverage time.
             *     - `postOfferCoverage.supervisorCover`: ERROR: There are not enough Supervisors scheduled for an Assistant to cover this shift. A Supervisor is required.
             *     - `postOfferCoverage.tradeSelectShift`: ERROR: Select a shift to swap.
             *     - `postOfferCoverage.tradeNotOpen`: ERROR: This shift is not open to trades.
             *     - `postOfferCoverage.tradeTrainingTypes`: ERROR: These shifts are not able to be traded at this time.
             *     - `postOfferCoverage.tradeHolidayOnly`: ERROR: You can only offer holiday shifts in a trade.
             *     - `postOfferCoverage.tradeCustomerService`: ERROR: Sorry you can't offer to trade Customer Service shifts at this time.
             *     - `postOfferCoverage.tradeSupervisorShift`: ERROR: You offered a Supervisor shift.
             *     - `postOfferCoverage.tradeCallSpecialistShift`: ERROR: This user cannot cover Call Specialist shifts.
             *     - `postOfferCoverage.tradeStartLeadTime`: ERROR: Start time must be at least 5 minutes from now.
             *     - `postOfferCoverage.tradeStartBeforeEnd`: ERROR: Start date must be valid.
             *     - `postOfferCoverage.tradeWithin`: ERROR: Shift times must be within the valid shift hours.
             *     - `postOfferCoverage.tradeMinimumDuration`: ERROR: Coverage duration must be at least 5 minutes.
             *     - `postOfferCoverage.tradeStartOffset`: ERROR: Coverage start must equal the shift start OR at least 5 minutes later.
             *     - `postOfferCoverage.tradeEndOffset`: ERROR: Coverage end must equal the shift end OR at least 5 minutes before.
             *     - `postOfferCoverage.tradePosterMaxAfter`: ERROR: The other person is unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this swap.
             *     - `postOfferCoverage.tradePosterMaxBefore`: ERROR: The other person is unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this swap.
             *     - `postOfferCoverage.tradePosterScheduled`: ERROR: The other person is already scheduled during your proposed hours.
             *     - `postOfferCoverage.tradeBilingual`: ERROR: The shift swap proposed must be covered by a bilingual CS.
             *     - `postOfferCoverage.tradeSupervisorCover`: ERROR: Not enough Supervisors scheduled.
             *     - `postOfferCoverage.trade2SelectShift`: ERROR: Select a shift to swap. [Trade #2]
             *     - `postOfferCoverage.trade2Distinct`: ERROR: Offers failed.
             *     - `postOfferCoverage.trade2TrainingTypes`: ERROR: These shifts are not able to be traded at this time. [Trade #2]
             *     - `postOfferCoverage.trade2HolidayOnly`: ERROR: You can only offer holiday shifts in a trade. [Trade #2]
             *     - `postOfferCoverage.trade2CustomerService`: ERROR: Sorry you can't offer to trade Customer Service shifts at this time. [Trade #2]
             *     - `postOfferCoverage.trade2SupervisorShift`: ERROR: You offered a Supervisor shift. [Trade #2]
             *     - `postOfferCoverage.trade2CallSpecialistShift`: ERROR: This user cannot cover Call Specialist shifts. [Trade #2]
             *     - `postOfferCoverage.trade2StartLeadTime`: ERROR: Start time must be at least 5 minutes from now. [Trade #2]
             *     - `postOfferCoverage.trade2StartBeforeEnd`: ERROR: Start date must be valid. [Trade #2]
             *     - `postOfferCoverage.trade2Within`: ERROR: Shift times must be within the valid shift hours. [Trade #2]
             *     - `postOfferCoverage.trade2MinimumDuration`: ERROR: Coverage duration must be at least 5 minutes. [Trade #2]
             *     - `postOfferCoverage.trade2StartOffset`: ERROR: Coverage start must equal the shift start OR at least 5 minutes later. [Trade #2]
             *     - `postOfferCoverage.trade2EndOffset`: ERROR: Coverage end must equal the shift end OR at least 5 minutes before. [Trade #2]
             *     - `postOfferCoverage.trade2CoverMaxAfter`: ERROR: You are unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer. [Trade #2]
             *     - `postOfferCoverage.trade2CoverMaxBefore`: ERROR: You are unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer. [Trade #2]
             *     - `postOfferCoverage.trade2CoverScheduled`: ERROR: You are already scheduled during these hours. [Trade #2]
             *     - `postOfferCoverage.trade2PosterMaxAfter`: ERROR: The other person is unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this swap. [Trade #2]
             *     - `postOfferCoverage.trade2PosterMaxBefore`: ERROR: The other person is unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this swap. [Trade #2]
             *     - `postOfferCoverage.trade2PosterScheduled`: ERROR: The other person is already scheduled during your proposed hours. [Trade #2]
             *     - `postOfferCoverage.trade2Bilingual`: ERROR: The shift swap proposed must be covered by a bilingual CS. [Trade #2]
             *     - `postOfferCoverage.trade2SupervisorCover`: ERROR: Not enough Supervisors scheduled. [Trade #2]
             *     - `postOfferCoverage.expirationChoice`: ERROR: Select an expiration date.
             *     - `postOfferCoverage.expirationFuture`: ERROR: Select an expiration date in the future.
             *     - `postOfferCoverage.messageLength`: ERROR: Message must be less than 200 characters.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    postOfferGiveAway: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description From rules/parameters.json (cotsWantedChoices)
                     * @example 0
                     * @enum {number|null}
                     */
                    cotsWanted?: 0 | null;
                    lookingToPickUpID: number;
                    swapScheduleID?: number | null;
                    swapAgentID?: number | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    swapStartDatetime?: string | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    swapEndDatetime?: string | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    expirationDatetime?: string | null;
                    /**
                     * @description From rules/parameters.json (statusChoices)
                     * @example 0
                     * @enum {number|null}
                     */
                    status?: 0 | null;
                    coveringAgentID?: number | null;
                    offerMessage?: string | null;
                    offeringAgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Offer sent."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `postOfferGiveAway.minimumRank`: ERROR: Must be at least an Advanced Trainee to give away hours.
             *     - `postOfferGiveAway.maximumRank`: ERROR: You are unable to give away your hours.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `postOfferGiveAway.postingActive`: ERROR: This request to pick up hours is no longer active.
             *     - `postOfferGiveAway.shiftValid`: ERROR: Offer failed.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `postOfferGiveAway.ownPosting`: ERROR: You cannot offer your shift to yourself.
             *     - `postOfferGiveAway.coveringAgent`: ERROR: Offer failed.
             *     - `postOfferGiveAway.selectShift`: ERROR: Select a shift to swap.
             *     - `postOfferGiveAway.customerServiceCovering`: ERROR: Sorry you can't offer to trade Customer Service shifts at this time.
             *     - `postOfferGiveAway.callSpecialistShiftsOnly`: ERROR: This user can only cover Call Specialist shifts.
             *     - `postOfferGiveAway.trainingReceiver`: ERROR: These shifts are not able to be traded at this time.
             *     - `postOfferGiveAway.supervisorShift`: ERROR: You offered a Supervisor shift.
             *     - `postOfferGiveAway.callSpecialistShift`: ERROR: This user cannot cover Call Specialist shifts.
             *     - `postOfferGiveAway.shiftTypes`: ERROR: You can't offer this shift type yet.
             *     - `postOfferGiveAway.holidayOnly`: ERROR: You can only offer a holiday shift.
             *     - `postOfferGiveAway.wantsSupervisorShift`: ERROR: This user only wants a Supervisor shift.
             *     - `postOfferGiveAway.offerStartLeadTime`: ERROR: Start time must be at least 5 minutes from now.
             *     - `postOfferGiveAway.offerStartBeforeEnd`: ERROR: Start date must be valid.
             *     - `postOfferGiveAway.offerWithin`: ERROR: Shift times must be within the valid shift hours.
             *     - `postOfferGiveAway.offerMinimumDuration`: ERROR: Coverage duration must be at least 5 minutes.
             *     - `postOfferGiveAway.offerStartOffset`: ERROR: Coverage start must equal the shift start OR at least 5 minutes later.
             *     - `postOfferGiveAway.offerEndOffset`: ERROR: Coverage end must equal the shift end OR at least 5 minutes before.
             *     - `postOfferGiveAway.receiverMaxAfter`: ERROR: The other person is unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer.
             *     - `postOfferGiveAway.receiverMaxBefore`: ERROR: The other person is unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer.
             *     - `postOfferGiveAway.receiverScheduled`: ERROR: The other person is already scheduled during your proposed hours.
             *     - `postOfferGiveAway.bilingual`: ERROR: The hours proposed must be covered by a bilingual CS.
             *     - `postOfferGiveAway.supervisorCover`: ERROR: There are not enough Supervisors scheduled for an Assistant to cover this shift. A Supervisor is required.
             *     - `postOfferGiveAway.expirationChoice`: ERROR: Select an expiration date.
             *     - `postOfferGiveAway.expirationFuture`: ERROR: Select an expiration date in the future.
             *     - `postOfferGiveAway.messageLength`: ERROR: Message must be less than 200 characters.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    postCounterOfferCoverage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    coverageStartDatetime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    coverageEndDatetime: string;
                    /**
                     * @description From rules/parameters.json (cotsWantedChoices)
                     * @example 0
                     * @enum {number|null}
                     */
                    cotsWanted?: 0 | null;
                    lookingForCoverageID?: number | null;
                    lookingToPickUpID?: number | null;
                    swapAgentID?: number | null;
                    swapScheduleID?: number | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    swapStartDatetime?: string | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    swapEndDatetime?: string | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    expirationDatetime?: string | null;
                    /**
                     * @description From rules/parameters.json (statusChoices)
                     * @example 0
                     * @enum {number|null}
                     */
                    status?: 0 | null;
                    coveringAgentID?: number | null;
                    offerMessage?: string | null;
                    rejectingOfferID: number;
                    offeringAgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Counter offer sent."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `postCounterOfferCoverage.recipient`: ERROR: Only the person this offer was made to can counter it.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `postCounterOfferCoverage.offerExists`: ERROR: This offer no longer exists.
             *     - `postCounterOfferCoverage.pending`: ERROR: This offer was already {status}.
             *     - `postCounterOfferCoverage.expired`: ERROR: This offer expired at {time}.
             *     - `postCounterOfferCoverage.postingActive`: ERROR: This shift is no longer seeking coverage.
             *     - `postCounterOfferCoverage.swapShiftDeleted`: ERROR: The shift offered in a trade was deleted.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `postCounterOfferCoverage.postingKind`: ERROR: This offer is not for a shift seeking coverage.
             *     - `postCounterOfferCoverage.counterFailed`: ERROR: Counter offer failed.
             *     - `postCounterOfferCoverage.coverStartLeadTime`: ERROR: Start time must be at least 5 minutes from now.
             *     - `postCounterOfferCoverage.coverStartBeforeEnd`: ERROR: Start date must be valid.
             *     - `postCounterOfferCoverage.coverWithin`: ERROR: Shift times must be within the valid shift hours.
             *     - `postCounterOfferCoverage.coverMinimumDuration`: ERROR: Coverage duration must be at least 5 minutes.
             *     - `postCounterOfferCoverage.coverStartOffset`: ERROR: Coverage start must equal the shift start OR at least 5 minutes later.
             *     - `postCounterOfferCoverage.coverEndOffset`: ERROR: Coverage end must equal the shift end OR at least 5 minutes before.
             *     - `postCounterOfferCoverage.coveringMaxAfter`: ERROR: Covering agent is unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer.
             *     - `postCounterOfferCoverage.coveringMaxBefore`: ERROR: Covering agent is unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer.
             *     - `postCounterOfferCoverage.coveringScheduled`: ERROR: Covering agent is already scheduled during these hours.
             *     - `postCounterOfferCoverage.bilingual`: ERROR: Another bilingual CS is required to work the coverage time.
             *     - `postCounterOfferCoverage.supervisorCover`: ERROR: There are not enough Supervisors scheduled for an Assistant to cover this shift. A Supervisor is required.
             *     - `postCounterOfferCoverage.swapStartLeadTime`: ERROR: Start time must be at least 5 minutes from now.
             *     - `postCounterOfferCoverage.swapStartBeforeEnd`: ERROR: Start date must be valid.
             *     - `postCounterOfferCoverage.swapWithin`: ERROR: Shift times must be within the valid shift hours.
             *     - `postCounterOfferCoverage.swapMinimumDuration`: ERROR: Coverage duration must be at least 5 minutes.
             *     - `postCounterOfferCoverage.swapStartOffset`: ERROR: Coverage start must equal the shift start OR at least 5 minutes later.
             *     - `postCounterOfferCoverage.swapEndOffset`: ERROR: Coverage end must equal the shift end OR at least 5 minutes before.
             *     - `postCounterOfferCoverage.swapAgentMaxAfter`: ERROR: Swap agent is unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this swap.
             *     - `postCounterOfferCoverage.swapAgentMaxBefore`: ERROR: Swap agent is unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this swap.
             *     - `postCounterOfferCoverage.swapAgentScheduled`: ERROR: Swap agent is already scheduled during these hours.
             *     - `postCounterOfferCoverage.swapBilingual`: ERROR: The shift swap proposed must be covered by a bilingual CS.
             *     - `postCounterOfferCoverage.swapSupervisorCover`: ERROR: Not enough Supervisors scheduled.
             *     - `postCounterOfferCoverage.expirationChoice`: ERROR: Select an expiration date.
             *     - `postCounterOfferCoverage.expirationFuture`: ERROR: Select an expiration date in the future.
             *     - `postCounterOfferCoverage.messageLength`: ERROR: Message must be less than 200 characters.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    postCounterOfferHours: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    coverageStartDatetime: string;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    coverageEndDatetime: string;
                    /**
                     * @description From rules/parameters.json (cotsWantedChoices)
                     * @example 0
                     * @enum {number|null}
                     */
                    cotsWanted?: 0 | null;
                    lookingForCoverageID?: number | null;
                    lookingToPickUpID?: number | null;
                    /**
                     * @description Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused
                     * @example 2026-11-26 08:00:00.0
                     */
                    expirationDatetime?: string | null;
                    /**
                     * @description From rules/parameters.json (statusChoices)
                     * @example 0
                     * @enum {number|null}
                     */
                    status?: 0 | null;
                    coveringAgentID?: number | null;
                    rejectingOfferID: number;
                    offeringAgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "SUCCESS: Counter offer sent."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `postCounterOfferHours.recipient`: ERROR: Only the person this offer was made to can counter it.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `postCounterOfferHours.offerExists`: ERROR: This offer no longer exists.
             *     - `postCounterOfferHours.pending`: ERROR: This offer was already {status}.
             *     - `postCounterOfferHours.expired`: ERROR: This offer expired at {time}.
             *     - `postCounterOfferHours.postingActive`: ERROR: This request to pick up hours is no longer active.
             *     - `postCounterOfferHours.shiftDeleted`: ERROR: This shift was deleted.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `postCounterOfferHours.postingKind`: ERROR: This offer is not for hours you asked for.
             *     - `postCounterOfferHours.counterFailed`: ERROR: Counter offer failed.
             *     - `postCounterOfferHours.offerStartLeadTime`: ERROR: Start time must be at least 5 minutes from now.
             *     - `postCounterOfferHours.offerStartBeforeEnd`: ERROR: Start date must be valid.
             *     - `postCounterOfferHours.offerWithin`: ERROR: Proposed start time must be within the time range of the previous offer.
             *     - `postCounterOfferHours.offerMinimumDuration`: ERROR: Coverage duration must be at least 5 minutes.
             *     - `postCounterOfferHours.offerStartOffset`: ERROR: Coverage start must equal the shift start OR at least 5 minutes later.
             *     - `postCounterOfferHours.offerEndOffset`: ERROR: Coverage end must equal the shift end OR at least 5 minutes before.
             *     - `postCounterOfferHours.coveringMaxAfter`: ERROR: Covering agent is unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer.
             *     - `postCounterOfferHours.coveringMaxBefore`: ERROR: Covering agent is unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer.
             *     - `postCounterOfferHours.coveringScheduled`: ERROR: Covering agent is already scheduled during these hours.
             *     - `postCounterOfferHours.bilingual`: ERROR: The hours proposed must be covered by a bilingual CS.
             *     - `postCounterOfferHours.supervisorCover`: ERROR: There are not enough Supervisors scheduled for an Assistant to cover this shift. A Supervisor is required.
             *     - `postCounterOfferHours.expirationChoice`: ERROR: Select an expiration date.
             *     - `postCounterOfferHours.expirationFuture`: ERROR: Select an expiration date in the future.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    sendOfferMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    OfferID: number;
                    Notes?: string | null;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "You successfully sent a message!"), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `sendOfferMessage.ownOffer`: ERROR: You can only send messages about offers you made or that were made to you.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `sendOfferMessage.offerExists`: ERROR: This offer no longer exists.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `sendOfferMessage.postingKind`: ERROR: This offer is not for a shift seeking coverage.
             *     - `sendOfferMessage.empty`: ERROR: Please type a message.
             *     - `sendOfferMessage.maxLength`: ERROR: Message must be less than 200 characters.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    sendOfferMessageHours: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    OfferID: number;
                    Notes?: string | null;
                    AgentID: number;
                    /** @description The answer to the action's confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400. */
                    confirmed?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (outcome ok, message "Your message has been sent."), or a confirm prompt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /**
             * @description This person may not do this (a body or path naming someone other than the signed-in agent is refused); nothing was saved. Rules:
             *     - `sendOfferMessageHours.ownOffer`: ERROR: You can only send messages about offers you made or that were made to you.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description The state changed under the user (outcome error); nothing was saved. Rules:
             *     - `sendOfferMessageHours.offerExists`: ERROR: This offer no longer exists.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /**
             * @description A rule stops the action (outcome error); nothing was saved. Rules:
             *     - `sendOfferMessageHours.postingKind`: ERROR: This offer is not for hours someone asked for.
             *     - `sendOfferMessageHours.empty`: ERROR: Please type a message.
             *     - `sendOfferMessageHours.maxLength`: ERROR: Message must be less than 200 characters.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    userMonthTrade: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                month: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        start: string;
                        endDateTime: string;
                        scheduleId: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    lookupInitials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        initials: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
    whoCouldTakeCoveragePosting: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many colleagues could take it as posted */
                        could: number;
                        /** @description How many were asked: everyone employed now but the poster */
                        of: number;
                        /** @description Supervisors and above only: everyone asked, those who could first */
                        people?: {
                            agentId: number;
                            initials: string | null;
                            fullName: string;
                            /** @description They could take it as posted: the action would go through, or ask them to confirm */
                            could: boolean;
                            /** @enum {string} */
                            outcome: "ok" | "error" | "confirm";
                            /** @description The rule that stops them (null when nothing does) */
                            rule: string | null;
                            /** @description Its message, word for word */
                            message: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    whoCouldTakeCoveragePostings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                ids: number[];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list ([] when there is nothing to show) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many colleagues could take it as posted */
                        could: number;
                        /** @description How many were asked: everyone employed now but the poster */
                        of: number;
                        /** @description Supervisors and above only: everyone asked, those who could first */
                        people?: {
                            agentId: number;
                            initials: string | null;
                            fullName: string;
                            /** @description They could take it as posted: the action would go through, or ask them to confirm */
                            could: boolean;
                            /** @enum {string} */
                            outcome: "ok" | "error" | "confirm";
                            /** @description The rule that stops them (null when nothing does) */
                            rule: string | null;
                            /** @description Its message, word for word */
                            message: string | null;
                        }[];
                        /** @description The posting asked about */
                        id: number;
                    }[];
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    whoCouldTakePickupPosting: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many colleagues could take it as posted */
                        could: number;
                        /** @description How many were asked: everyone employed now but the poster */
                        of: number;
                        /** @description Supervisors and above only: everyone asked, those who could first */
                        people?: {
                            agentId: number;
                            initials: string | null;
                            fullName: string;
                            /** @description They could take it as posted: the action would go through, or ask them to confirm */
                            could: boolean;
                            /** @enum {string} */
                            outcome: "ok" | "error" | "confirm";
                            /** @description The rule that stops them (null when nothing does) */
                            rule: string | null;
                            /** @description Its message, word for word */
                            message: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    whoCouldTakeOpenShift: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many colleagues could take it as posted */
                        could: number;
                        /** @description How many were asked: everyone employed now but the poster */
                        of: number;
                        /** @description Supervisors and above only: everyone asked, those who could first */
                        people?: {
                            agentId: number;
                            initials: string | null;
                            fullName: string;
                            /** @description They could take it as posted: the action would go through, or ask them to confirm */
                            could: boolean;
                            /** @enum {string} */
                            outcome: "ok" | "error" | "confirm";
                            /** @description The rule that stops them (null when nothing does) */
                            rule: string | null;
                            /** @description Its message, word for word */
                            message: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadInput"];
            401: components["responses"]["NotSignedIn"];
            /** @description The path names someone else's data */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description There is no such record (the message names it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    rulesOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The live rule set: the first 12 characters of its sha256 */
                        version: string;
                        /** @description When it went live (Eastern wall-clock text), or null when the server has no record of it */
                        liveAt: string | null;
                        actions: {
                            action: string;
                            description: string;
                            checks: {
                                id: string;
                                outcome: string;
                                /** @description Word for word, the named values written in; {values} of the moment left named */
                                message: string;
                                /** @description The named values the check reads or says */
                                uses: {
                                    name: string;
                                    value: number | string | (number | string)[];
                                    unit: string;
                                    description: string;
                                }[];
                                /** @description The shared check (rules/shared*.json) this rule uses, written once for every action that has it */
                                shared?: string;
                            }[];
                        }[];
                        /** @description Every named value with its unit and spec section: rules/roles.json permission ruleParameters only */
                        parameters?: {
                            name: string;
                            value: number | string | (number | string)[];
                            unit: string;
                            description: string;
                            spec: string;
                        }[];
                        /** @description Every rule set that went live, the newest first */
                        history: {
                            version: string;
                            liveAt: string;
                            /** @description As `rules diff` words them, from the set before; null for the first */
                            changes: string[] | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["NotSignedIn"];
            500: components["responses"]["ServerError"];
        };
    };
}
