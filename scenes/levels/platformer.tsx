<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="platformer" tilewidth="16" tileheight="16" tilecount="7" columns="7">
 <image source="platformer_tiles.png" width="112" height="16"/>
 <tile id="0">
  <properties>
   <property name="collision" value="solid"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="collision" value="one_way"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="collision" value="slope45_ul"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="collision" value="shallow_ul_low"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="collision" value="shallow_ul_high"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="collision" value="sensor_water"/>
  </properties>
 </tile>
</tileset>
