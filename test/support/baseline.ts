/** A change a team makes after adopting a baseline: a new operation, written as carelessly as the old ones. */
export const NEW_OPERATION = `  /refunds:
    post:
      operationId: createRefund
      responses:
        '201':
          description: Refund created
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: string }
        '400':
          description: Bad Request
`;

/** The description with POST /refunds added as the first path. */
export const withNewOperation = (yaml: string) => yaml.replace('\npaths:\n', `\npaths:\n${NEW_OPERATION}`);
