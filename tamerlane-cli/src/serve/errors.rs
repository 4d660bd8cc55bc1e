//! Validation and errors of the web server (docs/WEB.md, "Errors"): every
//! refused request is a 4xx answer with a JSON body `{"error": MESSAGE}`,
//! and request bodies are read as JSON by [`JsonBody`], whose rejections
//! (bad JSON, a body over the size limit) are such answers too.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;

/// A refused request: its status (always 4xx) and the message shown to
/// the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, in words.
    pub message: String,
}

impl ApiError {
    /// A 400: the request is malformed or names something invalid (a bad
    /// FEN, move, rule string or game name).
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A 409: the request does not fit the session's state (the game is
    /// over, the engine of this session is busy).
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// A 429: the server's limit of searches at once is reached.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, message)
    }

    /// A 404: no such page, asset or route.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// An error with `status`; a status that is not 4xx becomes 400, so
    /// that no rejection of input is ever reported as a server failure.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        let status = if status.is_client_error() {
            status
        } else {
            StatusCode::BAD_REQUEST
        };
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        (self.status, Json(body)).into_response()
    }
}

/// A JSON request body read as `T`: an empty body reads as `{}`, so that
/// requests whose fields are all optional need none. Bad JSON, a wrong
/// field type and a body over the size limit are [`ApiError`]s.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            let status = e.status();
            if status == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(status, "request body too large")
            } else {
                ApiError::new(status, format!("cannot read the request body: {e}"))
            }
        })?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(text)
            .map(JsonBody)
            .map_err(|e| ApiError::bad(format!("bad JSON request: {e}")))
    }
}

/// Reads the `name=value` pairs of a URL query (no percent-decoding is
/// needed for the values the server accepts: words and numbers).
pub fn query_value<'a>(query: Option<&'a str>, name: &str) -> Option<&'a str> {
    query?
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_client_errors_are_reported() {
        assert_eq!(
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "x").status,
            StatusCode::BAD_REQUEST
        );
        assert_eq!(ApiError::busy("x").status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(query_value(Some("a=1&format=pgn"), "format"), Some("pgn"));
        assert_eq!(query_value(None, "format"), None);
    }
}
