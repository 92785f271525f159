-- LÖVE 11 configuration of the sweepbox.bump example game (main.lua).
function love.conf(t)
    t.identity = "sweepbox_bump_game"
    t.version = "11.0"
    t.window.title = "sweepbox.bump: grenades, debris and turrets"
    t.window.width = 960
    t.window.height = 540
    t.window.vsync = 0 -- the game steps at a fixed 60 Hz whatever the frame rate (main.lua)
    -- What the game does not use (and a headless machine may not have: no sound device).
    t.modules.audio = false
    t.modules.sound = false
    t.modules.joystick = false
    t.modules.physics = false
    t.modules.video = false
end
