//! Guess p of the average (GAMES.md section 5).
