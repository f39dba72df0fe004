//! Building small games from TOML for the helpers tests.
