// Messaging (issue 7): conversations between travelers and hosts, and the unseen-messages call.
import { DISPLAY_STATUSES } from "~/domain/reservation-state";
import { bearerSecurity, errorResponses, jsonContent, jsonResponse, languageParameters, ref, type JsonSchema, type OpenApiPaths } from "~/openapi/shared";

export const tags = [{ name: "Messaging", description: "Conversations between a traveler and a host about a listing." }];

const nullableDate = { oneOf: [ref("LocalDate"), { type: "null" }] };

export const schemas: Record<string, JsonSchema> = {
  ConversationUID: { type: "string", pattern: "^[0-9a-f]{32}$", description: "The conversation's public, random id." },
  ChatMessage: {
    type: "object",
    required: ["id", "conversationUID", "senderId", "body", "createdAt"],
    additionalProperties: false,
    properties: {
      id: { type: "integer" },
      conversationUID: ref("ConversationUID"),
      senderId: { type: "integer" },
      body: { type: "string", maxLength: 2000 },
      createdAt: { type: "string", format: "date-time" },
    },
  },
  ConversationSummary: {
    type: "object",
    required: [
      "conversationUID",
      "listingId",
      "listingTitle",
      "travelerId",
      "hostId",
      "otherName",
      "checkIn",
      "checkOut",
      "lastMessage",
      "lastMessageAt",
      "unseen",
    ],
    properties: {
      conversationUID: ref("ConversationUID"),
      listingId: { type: "integer" },
      listingTitle: { type: ["string", "null"] },
      travelerId: { type: "integer" },
      hostId: { type: "integer" },
      otherName: { type: "string", description: "The other participant's first name." },
      checkIn: nullableDate,
      checkOut: nullableDate,
      lastMessage: { type: ["string", "null"], description: "The start of the newest message." },
      lastMessageAt: { type: ["string", "null"], format: "date-time" },
      unseen: { type: "integer", minimum: 0, description: "Messages to the bearer not read yet." },
    },
  },
  ConversationThread: {
    allOf: [
      ref("ConversationSummary"),
      {
        type: "object",
        required: ["viewerRole", "messages", "reservation", "canSendContactDetails"],
        properties: {
          viewerRole: { type: "string", enum: ["traveler", "host", "operator"] },
          messages: { type: "array", items: ref("ChatMessage") },
          canSendContactDetails: {
            type: "boolean",
            description: "True once the traveler has a paid reservation with the host; before, contact details are refused.",
          },
          reservation: {
            oneOf: [
              { type: "null" },
              {
                type: "object",
                required: ["reference", "status", "displayStatus", "checkIn", "checkOut", "nights", "total", "adults", "children"],
                additionalProperties: false,
                properties: {
                  reference: { type: "string" },
                  status: { type: "string" },
                  displayStatus: {
                    type: "string",
                    enum: [...DISPLAY_STATUSES],
                    description: "The state people see: a confirmed stay is upcoming, ongoing or completed.",
                  },
                  checkIn: ref("LocalDate"),
                  checkOut: ref("LocalDate"),
                  nights: { type: "integer" },
                  total: ref("Millimes"),
                  adults: { type: "integer" },
                  children: { type: "integer" },
                },
              },
            ],
          },
        },
      },
    ],
  },
};

const uidParameter = {
  name: "conversationUID",
  in: "path",
  required: true,
  schema: ref("ConversationUID"),
};

export const paths: OpenApiPaths = {
  "/api/v1/conversations": {
    get: {
      operationId: "listConversations",
      summary: "The bearer's conversations, newest first, with unseen counts",
      tags: ["Messaging"],
      security: bearerSecurity,
      parameters: [...languageParameters],
      responses: {
        "200": jsonResponse("Conversations as traveler and as host.", {
          type: "object",
          required: ["conversations"],
          additionalProperties: false,
          properties: { conversations: { type: "array", items: ref("ConversationSummary") } },
        }),
        ...errorResponses(401, 405),
      },
    },
    post: {
      operationId: "startConversation",
      summary: "Contact a listing's host with chosen dates",
      description:
        "One conversation per traveler and listing: a second call adds the message to it (and updates the dates). " +
        "Dates are required (\"Select a date before contacting the host\"). Before the traveler has a paid reservation " +
        "with the host, a message with contact details is refused with 422.",
      tags: ["Messaging"],
      security: bearerSecurity,
      parameters: [...languageParameters],
      requestBody: {
        required: true,
        content: jsonContent({
          type: "object",
          required: ["propertyId", "checkIn", "checkOut", "message"],
          properties: {
            propertyId: { type: "integer" },
            checkIn: ref("LocalDate"),
            checkOut: ref("LocalDate"),
            message: { type: "string", minLength: 1, maxLength: 2000 },
          },
        }),
      },
      responses: {
        "201": jsonResponse("The conversation and the stored message.", {
          type: "object",
          required: ["conversationUID", "message", "created"],
          additionalProperties: false,
          properties: {
            conversationUID: ref("ConversationUID"),
            message: ref("ChatMessage"),
            created: { type: "boolean", description: "False when the traveler already had a conversation for this listing." },
          },
        }),
        ...errorResponses(400, 401, 404, 405, 415, 422),
      },
    },
  },
  "/api/v1/conversations/{conversationUID}": {
    get: {
      operationId: "readConversation",
      summary: "A conversation's messages and reservation; marks them seen for the bearer",
      description: "Only the traveler and the host (and operators) may read it; anyone else gets 404.",
      tags: ["Messaging"],
      security: bearerSecurity,
      parameters: [uidParameter, ...languageParameters],
      responses: {
        "200": jsonResponse("The thread.", ref("ConversationThread")),
        ...errorResponses(401, 404, 405),
      },
    },
  },
  "/api/v1/conversations/{conversationUID}/messages": {
    post: {
      operationId: "sendConversationMessage",
      summary: "Send a message in a conversation",
      description: "Same rules as the site: participants only (404 otherwise), contact details refused with 422 before a paid reservation.",
      tags: ["Messaging"],
      security: bearerSecurity,
      parameters: [uidParameter, ...languageParameters],
      requestBody: {
        required: true,
        content: jsonContent({
          type: "object",
          required: ["message"],
          properties: { message: { type: "string", minLength: 1, maxLength: 2000 } },
        }),
      },
      responses: {
        "201": jsonResponse("The stored message (also pushed to both participants' sockets).", ref("ChatMessage")),
        ...errorResponses(400, 401, 403, 404, 405, 415, 422),
      },
    },
  },
  "/api/v1/Conversation/MessageNotSeen": {
    post: {
      operationId: "messageNotSeen",
      summary: "The bearer's unseen messages",
      description: "ID_Utulisateur must be the bearer's own id (403 otherwise).",
      tags: ["Messaging"],
      security: bearerSecurity,
      parameters: [...languageParameters],
      requestBody: {
        required: true,
        content: jsonContent({
          type: "object",
          required: ["ID_Utulisateur"],
          properties: { ID_Utulisateur: { type: ["integer", "string"] } },
        }),
      },
      responses: {
        "200": jsonResponse("Messages to the bearer not read yet, oldest first.", {
          type: "object",
          required: ["count", "messages"],
          additionalProperties: false,
          properties: { count: { type: "integer", minimum: 0 }, messages: { type: "array", items: ref("ChatMessage") } },
        }),
        ...errorResponses(400, 401, 403, 405, 415),
      },
    },
  },
};
